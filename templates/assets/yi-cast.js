/* sitegen: casting a hexagram (起卦) on the cast page — three coins, 梅花 by the time or by numbers.
   Classic script, works from file://. Every rule is the build's: the throws, the trigram of each
   remainder by eight, the line of each remainder by six, the branch numbers and the lunar months
   come from window.SITEGEN_CAST_YI (cast/yi.js); the moment's facts from cast.js. */
(function () {
  "use strict";

  var box = document.getElementById("yi-cast"), form = document.getElementById("yi-cast-form");
  if (!box || !form || !window.SitegenCast) return;
  var castForm = document.getElementById("cast-form");

  function CastingError(message) { this.message = message; }
  function Y() { return window.SITEGEN_CAST_YI; }

  function changeOf(benBits, movingLines) {
    var bian = benBits.split("");
    for (var i = 0; i < movingLines.length; i++) bian[movingLines[i] - 1] = bian[movingLines[i] - 1] === "1" ? "0" : "1";
    return { from: Y().hexagrams[benBits], to: Y().hexagrams[bian.join("")], moving: movingLines };
  }
  function byThrows(throws) {
    if (!/^[6-9]{6}$/.test(throws)) throw new CastingError("'" + throws + "'은(는) 여섯 번의 값이 아니다: 6·7·8·9 여섯 자리를 初爻부터");
    var T = Y().casting.throws, bits = "", moving = [];
    for (var i = 0; i < 6; i++) {
      var t = T[throws.charAt(i)];
      bits += t[0] ? "1" : "0";
      if (t[1]) moving.push(i + 1);
    }
    var c = changeOf(bits, moving);
    c.cast = { method: "coins", throws: throws };
    return c;
  }
  function fromTrigrams(upper, lower, line) {
    var K = Y().casting;
    return changeOf(K.trigram[lower % 8] + K.trigram[upper % 8], [K.line[line % 6]]);
  }
  // The lunar month holding a day (days since 1970): the build's months, found by bisection.
  function lunar(dayNumber) {
    var L = Y().lunar, lo = 0, hi = L.start.length;
    while (lo < hi) { var mid = (lo + hi) >> 1; if (L.start[mid] <= dayNumber) lo = mid + 1; else hi = mid; }
    var i = lo - 1;
    return { year: L.year[i], month: L.month[i], day: dayNumber - L.start[i] + 1, leap: !!L.leap[i],
             branch: L.year_branch[i] };
  }
  function byTime(f) {
    var K = Y().casting, l = lunar(f._day_number);
    var y = K.branch_number[l.branch], h = K.branch_number[f._hour];
    var upper = y + l.month + l.day, total = upper + h;
    var c = fromTrigrams(upper, total, total);
    c.cast = { method: "meihua-time", lunar: { year: l.year, month: l.month, day: l.day, leap: l.leap },
               year: y, month: l.month, day: l.day, hour: h, upper: upper, total: total };
    return c;
  }
  function byNumbers(text, f) {
    var parts = String(text || "").split(","), nums = [];
    for (var i = 0; i < parts.length; i++) {
      if (!/^\s*\d+\s*$/.test(parts[i]) || +parts[i] < 1) { nums = []; break; }
      nums.push(+parts[i]);
    }
    if (nums.length < 2 || nums.length > 3) throw new CastingError("1 이상의 정수 두세 개를 쉼표로: 예 3,8 또는 3,8,5");
    var h = nums.length === 2 ? Y().casting.branch_number[f._hour] : null;
    var total = nums.reduce(function (a, b) { return a + b; }, 0) + (h || 0);
    var c = fromTrigrams(nums[0], nums[1], total);
    c.cast = { method: "meihua-numbers", numbers: nums, hour: h, total: total };
    return c;
  }

  function moment() {
    var at = castForm.elements.date.value + "T" + castForm.elements.time.value.split(".")[0];
    if (/T\d\d:\d\d:00$/.test(at)) at = at.slice(0, 16);
    var day = castForm.elements.day.value;
    return SitegenCast.facts(at, castForm.elements.tz.value.trim(), day === "0" ? 0 : 23, null, null,
                             castForm.elements.place.value.trim());
  }

  // The change read in the moment's day and month, as `sitegen cast --yi … --json` prints it: the
  // hexagrams' charts (cast/yi.js) and the day-and-month tables (yi/moment.js, read by yi-moment.js).
  function column(text) {
    var D = window.SITEGEN_YI.digits, out = [];
    for (var i = 0; i < text.length; i += 2) out.push(D.indexOf(text.charAt(i)) * 64 + D.indexOf(text.charAt(i + 1)));
    return out;
  }
  function facts(c, f) {
    var Y = window.SITEGEN_YI, K = window.SITEGEN_CAST_YI, ben = K.charts[c.from - 1], bian = K.charts[c.to - 1];
    var d = Y.sixty.indexOf(f.day), m = Y.branches.indexOf(f.month.charAt(1));
    var naj = column(ben.najia), toNaj = column(bian.najia), rows = [];
    for (var i = 0; i < 6; i++) {
      rows.push({ line: i + 1, branch: naj[i] % 12, to: c.moving.indexOf(i + 1) >= 0 ? toNaj[i] % 12 : null });
    }
    var at = window.SitegenYi.linesAt(d, m, rows), lines = [];
    for (i = 0; i < 6; i++) {
      var a = at[i], ln = { line: i + 1, najia: Y.sixty[naj[i]], liuqin: ben.liuqin[i], liushen: a.liushen,
                            strength: a.strength, moving: rows[i].to !== null,
                            to: rows[i].to === null ? null : Y.sixty[toNaj[i]] };
      for (var k = 0; k < Y.flags.length; k++) ln[Y.flags[k][0]] = a.rule_ids.indexOf(Y.flags[k][1]) >= 0;
      ln.shensha = Y.shensha_ids.filter(function (id) { return a.rule_ids.indexOf(id) >= 0; });
      ln.rule_ids = a.rule_ids;
      ln.day_stage = a.day_stage;
      ln.month_stage = a.month_stage;
      ln.stage_rule_ids = a.stage_rule_ids;
      var jt = ln.moving ? Y.digits.indexOf(K.jin_tui.at.charAt((naj[i] % 12) * 12 + rows[i].to)) : 0;
      ln.jin_tui = jt ? K.jin_tui.ids[jt - 1] : null;      // 化進神 / 化退神, the change page's rules
      lines.push(ln);
    }
    var sanhe = [], v = Y.digits.indexOf(K.sanhe.charAt((c.from - 1) * 64 + c.to - 1));
    for (k = 0; k < K.sanhe_names.length; k++) if (v & (1 << k)) sanhe.push(K.sanhe_names[k]);
    var out = {
      at: f.at, tz: f.tz, utc_offset: f.utc_offset, day_starts: f.day_starts, year: f.year, month: f.month,
      day: f.day, hour: f.hour, month_branch: Y.branches[m], void: Y.void[d].split(""), cast: c.cast,
      from: c.from, to: c.to, moving: c.moving, name: K.names[c.from - 1] + " → " + K.names[c.to - 1],
      shi: ben.shi, ying: ben.ying, to_shi: bian.shi, to_ying: bian.ying, fushen: ben.fushen,
      url: c.url, link: c.link, lines: lines, gua_shen: ben.gua_shen, sanhe: sanhe
    };
    if (f.clock_change) out.clock_change = f.clock_change;
    return out;
  }

  function cast(method, value, moment_) {
    var f = moment_ || moment(), c;
    if (method === "coins") c = byThrows(value);
    else if (method === "meihua-time") c = byTime(f);
    else c = byNumbers(value, f);
    var root = castForm.getAttribute("data-root"), N = Y().numbers;
    var url = Y().change.replace("{from}", N[c.from - 1]).replace("{to}", N[c.to - 1]);
    var link = url + "?at=" + f.at + "&tz=" + encodeURIComponent(f.tz).replace(/%2F/g, "/") +
      (f.day_starts !== window.SITEGEN_CAST.day_starts ? "&day=" + f.day_starts : "") +
      (f.sun ? "&place=" + f.sun.place : "");
    c.url = url;
    c.link = link;
    return { c: c, f: f, href: root + url + "index.html?" + link.split("?")[1] };
  }

  function show(method, value) {
    var status = document.getElementById("yi-cast-status"), detail = box.querySelector("[data-yi-detail]");
    var r;
    try {
      r = cast(method, value);
    } catch (e) {
      if (!(e instanceof CastingError) && !(e instanceof SitegenCast.CastError)) throw e;
      status.textContent = e.message;
      detail.hidden = true;
      return;
    }
    status.textContent = "";
    var c = r.c, names = Y().names, how;
    if (c.cast.method === "coins") how = "동전: " + c.cast.throws;
    else if (c.cast.method === "meihua-time") {
      var l = c.cast.lunar;
      how = "梅花 시각: 음력 " + l.year + "년 " + (l.leap ? "閏" : "") + l.month + "월 " + l.day + "일, " +
        c.cast.year + " + " + c.cast.month + " + " + c.cast.day + " = " + c.cast.upper + ", + 時 " + c.cast.hour + " = " + c.cast.total;
    } else how = "梅花 수: " + c.cast.numbers.join(", ") + (c.cast.hour ? " + 時 " + c.cast.hour : "") + " → " + c.cast.total;
    box.querySelector("[data-yi-how]").textContent = how;
    var a = box.querySelector("[data-yi-link]");
    a.setAttribute("href", r.href);
    a.textContent = names[c.from - 1] + " → " + names[c.to - 1] + (c.moving.length ? " (動爻 " + c.moving.join("·") + ")" : "");
    detail.hidden = false;
    window.SITEGEN_YI_CAST = c;
    showChart(facts(c, r.f));
  }

  // The chart: the day and month, 卦身, 三合局 and 伏神, each line's facts, and the chosen 用神 with
  // its 原神, 忌神 and 仇神 — the words and links are the rules' own (yi/moment.js names).
  var shown = null;
  function ruleLink(id) {
    var Y = window.SITEGEN_YI, J = window.SITEGEN_CAST_YI.jin_tui, j = J.ids.indexOf(id), a = document.createElement("a");
    a.textContent = j >= 0 ? J.names[j] : Y.names[id];
    a.setAttribute("href", castForm.getAttribute("data-root") + (j >= 0 ? J.hrefs[j] : Y.hrefs[id]));
    return a;
  }
  function cell(tr, text) { var td = document.createElement("td"); td.textContent = text; tr.appendChild(td); return td; }
  function showChart(y) {
    var Y = window.SITEGEN_YI, el = box.querySelector("[data-yi-chart]");
    shown = y;
    var gs = y.gua_shen;
    box.querySelector("[data-yi-summary]").textContent = "日辰 " + y.day + " · 月建 " + y.month_branch + " · 旬空 " +
      y.void.join("") + " · 卦身 " + gs.branch + (gs.lines.length ? " (" + gs.lines.join("·") + "爻)" : " (卦無身)") +
      (y.sanhe.length ? " · " + y.sanhe.join(" ") : "") +
      (y.fushen.length ? " · 伏神 " + y.fushen.map(function (x) { return x.line + "爻 " + x.liuqin + " " + x.najia; }).join(", ") : "");
    var body = box.querySelector("[data-yi-lines]");
    body.textContent = "";
    for (var i = 5; i >= 0; i--) {
      var ln = y.lines[i], tr = document.createElement("tr");
      tr.setAttribute("data-line", String(ln.line));
      cell(tr, String(ln.line));
      cell(tr, ln.liushen);
      cell(tr, ln.liuqin + " " + ln.najia + (ln.to ? " → " + ln.to : ""));
      cell(tr, ln.line === y.shi ? "世" : ln.line === y.ying ? "應" : "");
      cell(tr, ln.strength);
      cell(tr, "日" + ln.day_stage + " 月" + ln.month_stage);
      var marks = cell(tr, "");
      for (var k = 0; k < Y.flags.length; k++) {
        if (ln[Y.flags[k][0]]) { marks.appendChild(ruleLink(Y.flags[k][1])); marks.appendChild(document.createTextNode(" ")); }
      }
      for (k = 0; k < ln.shensha.length; k++) { marks.appendChild(ruleLink(ln.shensha[k])); marks.appendChild(document.createTextNode(" ")); }
      if (ln.jin_tui) marks.appendChild(ruleLink(ln.jin_tui));
      body.appendChild(tr);
    }
    el.hidden = false;
    showYong();
  }
  function showYong() {
    var T = window.SITEGEN_YI.yongshen, select = box.querySelector("[data-yi-yong]"), out = box.querySelector("[data-yi-yong-text]");
    out.textContent = "";
    if (!shown || !select.value) return;
    var y = window.SitegenYi.yongshen(select.value, shown.from);
    if (!y) return;
    var parts = y.yong.length ? [[null, y.yong]] : [[T.fu, y.fu]];
    parts.push([T.yuan, y.yuan], [T.ji, y.ji], [T.chou, y.chou]);
    out.appendChild(ruleLink(y.topic));
    if (y.yong_liuqin) out.appendChild(document.createTextNode(" (" + y.yong_liuqin + ")"));
    for (var k = 0; k < parts.length; k++) {
      if (!parts[k][1].length) continue;
      out.appendChild(document.createTextNode(k === 0 ? ": " : " · "));
      if (parts[k][0]) { out.appendChild(ruleLink(parts[k][0])); out.appendChild(document.createTextNode(" ")); }
      out.appendChild(document.createTextNode(parts[k][1].map(function (n) { return n + "爻"; }).join(", ")));
    }
  }
  (function () {
    var select = box.querySelector("[data-yi-yong]"), T = window.SITEGEN_YI.yongshen;
    for (var t = 0; t < T.topics.length; t++) select.appendChild(new Option(T.labels[t], T.topics[t]));
    var p = SitegenCast.params();
    if (p.yong && T.topics.indexOf(p.yong) >= 0) select.value = p.yong;
    select.addEventListener("change", function () {
      window.sitegenKeep({ yong: select.value || null });
      showYong();
    });
  })();

  // The casting chosen is in the URL beside the moment, as the command line says it: yi=LINES,
  // meihua=time, numbers=A,B[,C]; a saved address casts it again, and a new moment recasts it.
  var chosen = null;
  var PARAM = { "coins": "yi", "meihua-time": "meihua", "meihua-numbers": "numbers" };
  function choose(method, value) {
    chosen = [method, value];
    var state = {};
    for (var m in PARAM) state[PARAM[m]] = m === method ? (m === "meihua-time" ? "time" : value) : null;
    window.sitegenKeep(state);
    show(method, value);
  }
  function restore() {
    var p = SitegenCast.params();
    for (var m in PARAM) {
      if (!p[PARAM[m]]) continue;
      form.elements.method.value = m;
      if (m === "coins") form.elements.throws.value = p.yi;
      if (m === "meihua-numbers") form.elements.numbers.value = p.numbers;
      choose(m, m === "coins" ? p.yi : m === "meihua-numbers" ? p.numbers : "");
      return;
    }
  }
  function recast() { if (chosen) show(chosen[0], chosen[1]); }

  form.addEventListener("submit", function (ev) {
    ev.preventDefault();
    var method = form.elements.method.value;
    choose(method, method === "coins" ? form.elements.throws.value.trim() : form.elements.numbers.value.trim());
  });
  form.querySelector("[data-toss]").addEventListener("click", function () {
    // three coins, six times, each coin's side by crypto.getRandomValues, valued by the build's table
    var buf = new Uint8Array(18), out = "", coin = Y().casting.coin;
    window.crypto.getRandomValues(buf);
    for (var i = 0; i < 6; i++) {
      var s = 0;
      for (var j = 0; j < 3; j++) s += coin[buf[i * 3 + j] & 1];
      out += String(s);
    }
    form.elements.throws.value = out;
    form.elements.method.value = "coins";
    choose("coins", out);
  });
  castForm.addEventListener("submit", recast);
  castForm.addEventListener("change", recast);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", restore);
  else restore();
  box.hidden = false;
  window.SitegenYiCast = {
    cast: function (method, value) { return cast(method, value).c; },
    // the whole reading at a moment, as the JSON has it (the moment: at, tz, day_starts)
    facts: function (method, value, at, tz, dayStarts, place) {
      var r = cast(method, value, SitegenCast.facts(at, tz, dayStarts, null, null, place));
      return facts(r.c, r.f);
    }
  };
})();
