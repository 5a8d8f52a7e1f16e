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
    return SitegenCast.facts(at, castForm.elements.tz.value.trim(), day === "0" ? 0 : 23);
  }

  function cast(method, value) {
    var f = moment(), c;
    if (method === "coins") c = byThrows(value);
    else if (method === "meihua-time") c = byTime(f);
    else c = byNumbers(value, f);
    var root = castForm.getAttribute("data-root"), N = Y().numbers;
    var url = Y().change.replace("{from}", N[c.from - 1]).replace("{to}", N[c.to - 1]);
    var link = url + "?at=" + f.at + "&tz=" + encodeURIComponent(f.tz).replace(/%2F/g, "/") +
      (f.day_starts !== window.SITEGEN_CAST.day_starts ? "&day=" + f.day_starts : "");
    c.url = url;
    c.link = link;
    return { c: c, href: root + url + "index.html?" + link.split("?")[1] };
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
  }

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
  window.SitegenYiCast = { cast: function (method, value) { return cast(method, value).c; } };
})();
