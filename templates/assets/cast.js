/* sitegen: casting (起課) on the cast page and the moment on a lesson page.
   Classic script (no modules, no fetch), so it works from file://. It computes nothing the build
   has not: every fact is looked up in window.SITEGEN_CAST (cast/tables.js, made by the build from
   the calendar's rules, or cast/calendar.js, the same without the lessons, where only the day and
   month are wanted); the browser only supplies the time zone's clock offsets (Intl). */
(function () {
  "use strict";

  function tables() { return window.SITEGEN_CAST; }

  function pad(n, w) { var s = String(Math.abs(n)); while (s.length < (w || 2)) s = "0" + s; return s; }

  function CastError(message) { this.message = message; }

  // ---- the clock of a time zone (the browser's Intl, the IANA database) ----------------------
  var formats = {};
  function formatter(tz) {
    if (!formats[tz]) {
      formats[tz] = new Intl.DateTimeFormat("en-US", {
        timeZone: tz, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit",
        hour: "2-digit", minute: "2-digit", second: "2-digit", era: "short"
      });
    }
    return formats[tz];
  }
  function zoneOk(tz) {
    if (!tz || tz.charAt(0) === "/" || tz.indexOf("..") >= 0) return false;
    try { formatter(tz); return true; } catch (e) { return false; }
  }
  // Seconds east of UT at an instant (seconds since 1970).
  function offsetAt(sec, tz) {
    var parts = formatter(tz).formatToParts(new Date(sec * 1000)), p = {};
    for (var i = 0; i < parts.length; i++) p[parts[i].type] = parts[i].value;
    var year = +p.year;
    if (p.era === "BC" || p.era === "B") year = 1 - year;
    var wall = Date.UTC(year, +p.month - 1, +p.day, +p.hour, +p.minute, +p.second) / 1000;
    return wall - sec;
  }
  // How a local time (seconds since 1970 read as if at UT) is read: its offset, and where a clock
  // change skips it or shows it twice, that change (as `sitegen cast` says it: the offset read
  // as, in force before the change, as Python's fold=0 reads it, and the other).
  function localReading(local, tz) {
    var a = offsetAt(local - 86400, tz), b = offsetAt(local + 86400, tz);
    if (a === b) return { offset: a };
    var first = offsetAt(local - a, tz) === a, second = offsetAt(local - b, tz) === b;
    if (first !== second) return { offset: first ? a : b };
    return { offset: a, change: { kind: first ? "repeated" : "skipped", read_as: offsetText(a), other: offsetText(b) } };
  }
  function offsetText(s) {
    var sign = s < 0 ? "-" : "+", a = Math.abs(s);
    var h = Math.floor(a / 3600), m = Math.floor((a % 3600) / 60), x = a % 60;
    return sign + pad(h) + ":" + pad(m) + (x ? ":" + pad(x) : "");
  }
  function wallText(sec, seconds) {
    var d = new Date(sec * 1000);
    return pad(d.getUTCFullYear(), 4) + "-" + pad(d.getUTCMonth() + 1) + "-" + pad(d.getUTCDate()) +
      "T" + pad(d.getUTCHours()) + ":" + pad(d.getUTCMinutes()) + (seconds ? ":" + pad(d.getUTCSeconds()) : "");
  }

  // ---- reading a moment ------------------------------------------------------------------------
  var WHEN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;
  function parseAt(text) {
    var m = WHEN.exec(text || "");
    if (!m) throw new CastError("'" + text + "'은(는) 시각이 아니다: YYYY-MM-DDTHH:MM 형식으로");
    var v = [+m[1], +m[2], +m[3], +m[4], +m[5], m[6] ? +m[6] : 0];
    if (v[3] > 23 || v[4] > 59 || v[5] > 59) throw new CastError(text + ": 없는 시각 (시 00–23, 분·초 00–59)");
    var local = Date.UTC(v[0], v[1] - 1, v[2], v[3], v[4], v[5]) / 1000;
    var d = new Date(local * 1000);
    if (d.getUTCFullYear() !== v[0] || d.getUTCMonth() !== v[1] - 1 || d.getUTCDate() !== v[2]) {
      throw new CastError(text + ": 없는 날짜");
    }
    return { y: v[0], mo: v[1], d: v[2], h: v[3], mi: v[4], s: v[5], local: local };
  }
  function atText(t) {
    return pad(t.y, 4) + "-" + pad(t.mo) + "-" + pad(t.d) + "T" + pad(t.h) + ":" + pad(t.mi) +
      (t.s ? ":" + pad(t.s) : "");
  }
  // A URL parameter, keeping the zone's '/' and the time's ':' legible (as the command line does).
  function zoneQuery(tz) { return encodeURIComponent(tz).replace(/%2F/g, "/"); }

  // The last term at or before an instant.
  function termIndex(instants, sec) {
    var lo = 0, hi = instants.length;
    while (lo < hi) { var mid = (lo + hi) >> 1; if (instants[mid] <= sec) lo = mid + 1; else hi = mid; }
    return lo - 1;
  }
  // The terms' columns, unpacked once: each is written as digits of base 64 (T.digits), four a
  // value for the seconds between terms, one for the others.
  var termsCache = null;
  function terms() {
    if (!termsCache) {
      var T = tables().terms, at = {}, i;
      for (i = 0; i < T.digits.length; i++) at[T.digits.charAt(i)] = i;
      var column = function (text, width) {
        var out = [];
        for (var j = 0; j < text.length; j += width) {
          var v = 0;
          for (var k = 0; k < width; k++) v = v * 64 + at[text.charAt(j + k)];
          out.push(v);
        }
        return out;
      };
      var deltas = column(T.deltas, 4), instants = [T.first], back = column(T.zhong_back, 1), zhong = [];
      for (i = 0; i < deltas.length; i++) instants.push(instants[i] + deltas[i]);
      for (i = 0; i < back.length; i++) zhong.push(i - back[i]);
      termsCache = { instants: instants, names: T.names, year: column(T.year, 1), month: column(T.month, 1),
                     zhong: zhong, general: column(T.general, 1) };
    }
    return termsCache;
  }

  // The facts of a moment, exactly as `sitegen cast --json` prints them.
  function facts(at, tz, dayStarts) {
    var C = tables();
    if (dayStarts === undefined || dayStarts === null) dayStarts = C.day_starts;
    if (!zoneOk(tz)) throw new CastError("모르는 시간대 '" + tz + "' (Asia/Seoul 같은 IANA 이름으로)");
    var t = parseAt(at);
    var hours = C.hours[String(dayStarts)];
    if (!hours) throw new CastError("하루가 바뀌는 시각은 23 또는 0");
    var reading = localReading(t.local, tz), offset = reading.offset;
    var T = terms(), sec = t.local - offset, I = T.instants;
    if (t.y < C.range[0] || t.y > C.range[1] || sec < I[0] || sec >= I[I.length - 1]) {
      throw new CastError(wallText(t.local) + "은(는) 절기표의 범위(1900-01-01 – 2100-12-31) 밖이다");
    }
    var i = termIndex(I, sec), zhong = T.zhong[i];
    var hour = hours[t.h], branch = hour[0];
    var dayNumber = Date.UTC(t.y, t.mo - 1, t.d) / 86400000 + hour[1];
    var day = ((dayNumber + C.day_epoch) % 60 + 60) % 60;
    var general = T.general[i], plate = C.plate[general][branch];
    var night = C.night[branch], dn = night ? "night" : "day";
    var termAt = I[zhong], termOffset = offsetAt(termAt, tz);
    var text = atText(t);
    var out = {
      at: text, tz: tz, utc_offset: offsetText(offset), day_starts: dayStarts,
      year: C.sixty[T.year[i]], month: C.sixty[T.month[i]], day: C.sixty[day], hour: C.branches[branch],
      solar_term: T.names[zhong % 24],
      solar_term_at: wallText(termAt + termOffset, true) + offsetText(termOffset),
      month_general: C.branches[general], plate: plate, day_night: dn,
      _year_branch: C.branches[T.year[i] % 12], _day: day, _day_number: dayNumber, _hour: branch
    };
    if (reading.change) out.clock_change = reading.change;
    // the lesson: with cast/tables.js, not with the calendar's tables alone (cast/calendar.js)
    if (!C.lessons) return out;
    var url = C.lessons[day][plate - 1];
    out.transmissions = C.chuan[day][plate - 1];
    out.url = url;
    out.link = url + "?at=" + text + "&tz=" + zoneQuery(tz) + "&shift=" + dn +
      (dayStarts !== C.day_starts ? "&day=" + dayStarts : "");
    var cond = conditionsOf(C, day * 12 + plate - 1);
    out.conditional = [];
    for (var c = 0; c < cond.length; c++) out.conditional.push([cond[c][0], held(cond[c][1], out, null, null)]);
    return out;
  }

  // A lesson's conditional 課體 as [name, when] pairs (the tables keep each distinct pair once).
  function conditionsOf(C, i) {
    var out = [], ks = C.conditional[i];
    for (var k = 0; k < ks.length; k++) out.push(C.conds[ks[k]]);
    return out;
  }

  // Whether a conditional 課體 holds: true, false, or null (it needs what was not given).
  function held(when, f, birth, xing) {
    var have = { hours: f.hour, day_night: f.day_night, month_generals: f.month_general,
                 months: f.month ? f.month.charAt(1) : null,
                 years: f._year_branch, birth: birth || null, xing: xing || null };
    var given = { "本命": birth, "行年": xing }, needs = when.needs || [];
    for (var n = 0; n < needs.length; n++) if (!given[needs[n]]) return null;
    for (var k in when) {
      if (!Object.prototype.hasOwnProperty.call(when, k) || k === "needs") continue;
      var v = have[k];
      if (v === undefined || v === null) return null;
      if (k === "day_night" ? v !== when[k] : when[k].indexOf(v) < 0) return false;
    }
    return true;
  }
  function heldText(h) {
    return h === null ? "본명·행년(또는 날짜의 조건)이 있어야 정해진다" : h ? "이 순간 성립" : "이 순간 불성립";
  }
  // The 本命 (the 干支 of a birth year, from the build's table) and the 行年 (a branch or 干支).
  function birthOf(year) {
    var C = tables(), y = parseInt(year, 10);
    if (!(y >= C.years.first && y < C.years.first + C.years.index.length)) return null;
    return C.sixty[C.years.index[y - C.years.first]];
  }
  function branchOf(text) {
    var C = tables(), s = String(text || "").trim();
    var c = s.length === 2 ? s.charAt(1) : s;
    return C.branches.indexOf(c) >= 0 ? c : null;
  }

  window.SitegenCast = { facts: facts, held: held, birthOf: birthOf, branchOf: branchOf, CastError: CastError };

  // ---- URL parameters ------------------------------------------------------------------------
  function params() { return window.SitegenURL.params(); }     // assets/params.js
  function query(p) {
    var keys = ["at", "tz", "day", "born", "xing"], out = [];
    for (var i = 0; i < keys.length; i++) {
      if (p[keys[i]] !== undefined && p[keys[i]] !== "") {
        out.push(keys[i] + "=" + zoneQuery(p[keys[i]]).replace(/%3A/g, ":"));
      }
    }
    return out.length ? "?" + out.join("&") : "";
  }
  function nowIn(tz) {
    var sec = Math.floor(Date.now() / 1000);
    var d = new Date((sec + offsetAt(sec, tz)) * 1000);
    return pad(d.getUTCFullYear(), 4) + "-" + pad(d.getUTCMonth() + 1) + "-" + pad(d.getUTCDate()) +
      "T" + pad(d.getUTCHours()) + ":" + pad(d.getUTCMinutes());
  }
  function deviceZone() {
    try { return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC"; } catch (e) { return "UTC"; }
  }
  function setText(root, name, value) {
    var els = root.querySelectorAll('[data-fact="' + name + '"]');
    for (var i = 0; i < els.length; i++) els[i].textContent = value;
  }
  // A skipped or repeated local time: the sentence of its kind (templates/_clock_change.html).
  function showClockChange(root, f) {
    var kinds = root.querySelectorAll("[data-clock-change]"), c = f.clock_change;
    for (var i = 0; i < kinds.length; i++) kinds[i].hidden = !c || kinds[i].getAttribute("data-clock-change") !== c.kind;
    setText(root, "clock_read_as", c ? c.read_as : "");
    setText(root, "clock_other", c ? c.other : "");
  }
  function extra(p) {
    return (p.born ? "&born=" + encodeURIComponent(p.born) : "") + (p.xing ? "&xing=" + encodeURIComponent(p.xing) : "");
  }

  // ---- the cast page ---------------------------------------------------------------------------
  function castPage(form) {
    var out = document.getElementById("cast-result"), status = document.getElementById("cast-status");
    var root = form.getAttribute("data-root");
    function show(p) {
      var dayStarts = p.day === "0" ? 0 : (p.day === "23" ? 23 : tables().day_starts), f;
      try {
        f = facts(p.at, p.tz, dayStarts);
      } catch (e) {
        if (!(e instanceof CastError)) throw e;
        out.hidden = true;
        status.textContent = e.message;
        return;
      }
      status.textContent = "";
      var names = ["year", "month", "day", "hour", "solar_term", "solar_term_at", "month_general",
                   "plate", "transmissions", "at", "tz", "utc_offset"];
      for (var i = 0; i < names.length; i++) setText(out, names[i], String(f[names[i]]));
      setText(out, "day_night", f.day_night === "day" ? "晝 (낮: 占時 卯–申)" : "夜 (밤: 占時 酉–寅)");
      setText(out, "day_starts", f.day_starts === 23 ? "23시 (子初)" : "0시");
      showClockChange(out, f);
      var birth = p.born ? birthOf(p.born) : null, xing = p.xing ? branchOf(p.xing) : null;
      setText(out, "birth", birth ? birth + " (" + p.born + "년)" : (p.born ? "표 밖의 해" : "—"));
      setText(out, "xing", xing || (p.xing ? "地支가 아님" : "—"));
      var lesson = out.querySelector("[data-fact-link]");
      lesson.setAttribute("href", root + f.url + "index.html?" + f.link.split("?")[1] + extra(p));
      lesson.textContent = f.day + "日 第" + f.plate + "局 (" + f.transmissions + ")";
      var list = out.querySelector("[data-fact-conditional]"), cond = conditionsOf(tables(), f._day * 12 + f.plate - 1);
      list.textContent = "";
      for (var j = 0; j < cond.length; j++) {
        var li = document.createElement("li"), h = held(cond[j][1], f, birth, xing);
        li.textContent = cond[j][0] + ": " + heldText(h);
        li.setAttribute("data-held", String(h));
        list.appendChild(li);
      }
      if (!cond.length) { var none = document.createElement("li"); none.textContent = "없음"; list.appendChild(none); }
      var cite = out.querySelector("[data-fact-cite]");
      cite.textContent = form.getAttribute("data-canonical") + query(p);
      out.hidden = false;
      window.SITEGEN_CAST_FACTS = f;
    }
    function fromForm() {
      var date = form.elements.date.value, time = form.elements.time.value.split(".")[0];
      if (/^\d\d:\d\d:00$/.test(time)) time = time.slice(0, 5);
      return { at: date && time ? date + "T" + time : "",
               tz: form.elements.tz.value.trim(), day: form.elements.day.value,
               born: form.elements.born.value.trim(), xing: form.elements.xing.value.trim() };
    }
    function toForm(p) {
      var parts = (p.at || "").split("T");
      form.elements.date.value = parts[0] || "";
      form.elements.time.value = parts[1] || "";
      form.elements.tz.value = p.tz;
      form.elements.day.value = p.day === "0" || p.day === "23" ? p.day : String(tables().day_starts);
      form.elements.born.value = p.born || "";
      form.elements.xing.value = p.xing || "";
    }
    var p = params();
    if (!p.tz) p.tz = deviceZone();
    if (!p.at) { try { p.at = nowIn(p.tz); } catch (e) { p.at = ""; } }
    toForm(p);
    show(p);
    form.addEventListener("submit", function (ev) {
      ev.preventDefault();
      var q = fromForm();
      if (q.day === String(tables().day_starts)) delete q.day;
      try { history.replaceState(null, "", location.pathname + query(q)); } catch (e) {}
      show(q);
    });
    var presets = document.querySelectorAll("[data-zone]");
    for (var k = 0; k < presets.length; k++) {
      presets[k].addEventListener("click", function (ev) {
        form.elements.tz.value = ev.currentTarget.getAttribute("data-zone");
        form.requestSubmit ? form.requestSubmit() : form.dispatchEvent(new Event("submit"));
      });
    }
    // How long the answer took: since the navigation began, and since the page's file arrived.
    var now = performance.now(), nav = performance.getEntriesByType ? performance.getEntriesByType("navigation")[0] : null;
    document.documentElement.setAttribute("data-cast-ms", String(Math.round(now)));
    if (nav) document.documentElement.setAttribute("data-cast-page-ms", String(Math.round(now - nav.responseStart)));
    // and since its scripts began (the tables and this script loaded, parsed and run): the page's own work
    var start = performance.getEntriesByName ? performance.getEntriesByName("sitegen-cast-start")[0] : null;
    if (start) document.documentElement.setAttribute("data-cast-script-ms", String(Math.round(now - start.startTime)));
  }

  // ---- a lesson page given a moment --------------------------------------------------------------
  function lessonPage(box) {
    var p = params();
    var dayStarts = p.day === "0" ? 0 : (p.day === "23" ? 23 : tables().day_starts), f;
    try {
      f = facts(p.at, p.tz || deviceZone(), dayStarts);
    } catch (e) {
      if (!(e instanceof CastError)) throw e;
      box.querySelector("[data-moment-error]").textContent = e.message;
      box.hidden = false;
      return;
    }
    var here = box.getAttribute("data-lesson"), root = box.getAttribute("data-root");
    var ok = f.url === here;
    var birth = p.born ? birthOf(p.born) : null, xing = p.xing ? branchOf(p.xing) : null;
    var names = ["at", "tz", "year", "month", "day", "hour", "solar_term", "month_general", "utc_offset"];
    for (var i = 0; i < names.length; i++) setText(box, names[i], String(f[names[i]]));
    showClockChange(box, f);
    setText(box, "birth", birth ? birth + " (" + p.born + "년)" : "—");
    setText(box, "xing", xing || "—");
    var other = box.querySelector("[data-moment-other]");
    if (!ok) {
      other.hidden = false;
      var a = other.querySelector("a");
      a.setAttribute("href", root + f.url + "index.html?" + f.link.split("?")[1] + extra(p));
      a.textContent = f.day + "日 第" + f.plate + "局";
    }
    // The 晝/夜 set: the URL's own choice, else the moment's.
    if (!p.shift && window.sitegenSetShift) window.sitegenSetShift(f.day_night);
    var shown = document.querySelector("[data-shift]").getAttribute("data-shift");
    var g = { hour: f.hour, day_night: shown, month_general: f.month_general, month: f.month,
              _year_branch: f._year_branch };
    if (ok) {
      var palaces = document.querySelectorAll(".plate .palace");
      for (var j = 0; j < palaces.length; j++) {
        var pl = palaces[j], earth = pl.querySelector(".earth").textContent.trim();
        var tags = [];
        if (earth === f.hour) { pl.classList.add("is-hour"); tags.push("占時"); }
        if (pl.querySelector(".heaven").textContent.trim() === f.month_general && earth === f.hour) {
          pl.classList.add("is-general"); tags.push("月將");
        }
        if (birth && earth === birth.charAt(1)) { pl.classList.add("is-birth"); tags.push("本命"); }
        if (xing && earth === xing) { pl.classList.add("is-xing"); tags.push("行年"); }
        if (tags.length) {
          var tag = document.createElement("span");
          tag.className = "moment-marks";
          tag.setAttribute("lang", "zh-Hant");
          tag.textContent = tags.join(" ");
          pl.appendChild(tag);
        }
      }
      // 課體 ([data-when]) and the 法 of 《畢法賦》 ([data-bifa-when]) alike
      var conds = document.querySelectorAll("[data-when], [data-bifa-when]");
      for (var k = 0; k < conds.length; k++) {
        var when = conds[k].getAttribute("data-when") || conds[k].getAttribute("data-bifa-when");
        var h = held(JSON.parse(when), g, birth, xing);
        conds[k].setAttribute("data-held", String(h));
        conds[k].querySelector("[data-held-text]").textContent = heldText(h);
      }
    }
    box.hidden = false;
    window.SITEGEN_CAST_FACTS = f;
  }

  function start() {
    var form = document.getElementById("cast-form");
    if (form) { castPage(form); return; }
    var box = document.getElementById("moment");
    if (!box || params().at === undefined) return;
    if (tables()) { lessonPage(box); return; }
    var s = document.createElement("script");
    s.src = box.getAttribute("data-tables");
    s.onload = function () { lessonPage(box); };
    document.head.appendChild(s);
  }
  start();
})();
