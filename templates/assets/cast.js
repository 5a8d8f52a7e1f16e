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
  function termIndex(instants, sec) { return lastAtOrBefore(instants, sec); }

  // ---- the Sun at a place: the build's tables (C.sun, sitegen/model/sun.py), read step for step
  // as solar_day reads them — whole numbers, no astronomy here ------------------------------------
  var sunCache = null;
  function sunTables() {
    if (!sunCache) {
      var S = tables().sun, D = tables().terms.digits;
      sunCache = { S: S, eot: column(S.eot, 2, D, 2048), dec: column(S.dec, 3, D, 2400), arc: column(S.arc, 2, D) };
    }
    return sunCache;
  }
  // A place "LAT,LON" (degrees, as --place takes it) in hundredths of a degree, or CastError.
  function parsePlace(text) {
    var S = tables().sun, parts = String(text).split(",");
    var ok = parts.length === 2 && parts[0].trim() !== "" && parts[1].trim() !== "";
    var lat = ok ? Number(parts[0]) : NaN, lon = ok ? Number(parts[1]) : NaN;
    if (!isFinite(lat) || !isFinite(lon)) throw new CastError("'" + text + "'은(는) 위도,경도가 아니다: 예 37.57,126.98");
    var a = Math.floor(lat * 100 + 0.5), b = Math.floor(lon * 100 + 0.5);
    if (a < 100 * S.lat[0] || a > 100 * S.lat[1] || b < -18000 || b > 18000) {
      throw new CastError("'" + text + "': 위도는 " + S.lat[0] + "…" + S.lat[1] + "° (해의 표는 극권 앞에서 멈춘다), 경도는 −180…180°");
    }
    return [a, b];
  }
  function placeText(lat, lon) {
    function deg(v) { var x = Math.abs(v); return (v < 0 ? "-" : "") + Math.floor(x / 100) + "." + pad(x % 100); }
    return deg(lat) + "," + deg(lon);
  }
  // A column's value at an instant: its day of the tropical year, on a line to the next day's.
  function along(col, S, x) {
    var ph = ((x - S.epoch) % S.year + S.year) % S.year, k = Math.floor(ph / 86400), f = ph % 86400;
    return col[k] + Math.floor((col[k + 1] - col[k]) * f / 86400);
  }
  // The half-arc (seconds) at latitude and declination (hundredths of a degree), from the four
  // nearest values of the table.
  function arcAt(S, a, lat, dec) {
    var ls = 100 * S.lat[2], ds = 100 * S.decl[2], cols = (S.decl[1] - S.decl[0]) / S.decl[2] + 1;
    var rows = (S.lat[1] - S.lat[0]) / S.lat[2] + 1;
    var y = lat - 100 * S.lat[0], x = dec - 100 * S.decl[0];
    var j = Math.floor(y / ls), fy = y - j * ls, i = Math.floor(x / ds), fx = x - i * ds;
    var j1 = Math.min(j + 1, rows - 1), i1 = Math.min(i + 1, cols - 1);
    function v(r, c) { return a[r * cols + c]; }
    return Math.floor(((v(j, i) * (ds - fx) + v(j, i1) * fx) * (ls - fy) + (v(j1, i) * (ds - fx) + v(j1, i1) * fx) * fy) *
                      S.arc_unit / (ls * ds));
  }
  function sunAt(instant, place) {
    var t = sunTables(), S = t.S, lat = place[0], lon = place[1];
    var shift = Math.floor(lon * 24 / 10), mean = instant + shift;
    var meanNoon = Math.floor(mean / 86400) * 86400 + 43200 - shift;
    var eot = along(t.eot, S, meanNoon), noon = meanNoon - eot;
    var rise = noon - arcAt(S, t.arc, lat, along(t.dec, S, noon - 21600));
    var set = noon + arcAt(S, t.arc, lat, along(t.dec, S, noon + 21600));
    return { place: placeText(lat, lon), mean: mean, true: mean + eot, sunrise: rise, sunset: set,
             day: rise <= instant && instant < set };
  }
  function clockText(sec, tz) { var o = offsetAt(sec, tz); return wallText(sec + o, true) + offsetText(o); }
  // The cast JSON's "sun".
  function sunFacts(s, sec, offset, tz) {
    var C = tables(), h = Math.floor((((s.true % 86400) + 86400) % 86400) / 3600);
    return { place: s.place, sunrise: clockText(s.sunrise, tz), sunset: clockText(s.sunset, tz),
             mean_solar: wallText(s.mean, true), true_solar: wallText(s.true, true),
             correction: s.true - sec - offset, true_solar_hour: C.branches[C.hours["23"][h][0]] };
  }

  // ---- the Moon's mansion (cast/moon.js, on the cast page) -----------------------------------
  var moonCache = null;
  function moonAt(sec) {
    var M = window.SITEGEN_MOON;
    if (!moonCache) {
      var steps = column(M.steps, 3, M.digits), at = [M.first.instant];
      for (var k = 0; k < steps.length; k++) at.push(at[k] + steps[k]);
      moonCache = at;
    }
    var i = lastAtOrBefore(moonCache, sec), own = M.mansions[(M.first.mansion + i) % M.mansions.length], out = {};
    for (var key in own) if (Object.prototype.hasOwnProperty.call(own, key)) out[key] = own[key];
    out.entered = wallText(moonCache[i], true) + "Z";
    out.leaves = wallText(moonCache[i + 1], true) + "Z";
    return out;
  }
  // The days of the calendar the moment tells (四立日 …): the build's table by each near term's
  // name and how many days the moment's day lies after the term's (on the zone's clocks).
  function datesOf(C, i, today, tz, dayStarts) {
    var D = C.dates, T = terms(), out = {}, k;
    for (k = 0; k < D.keys.length; k++) out[D.keys[k]] = false;
    for (var j = Math.max(i - 1, 0); j < Math.min(i + 3, T.instants.length); j++) {
      var marks = D.marks[T.names[j % 24]];
      if (!marks) continue;
      var local = T.instants[j] + offsetAt(T.instants[j], tz);
      var hour = Math.floor((((local % 86400) + 86400) % 86400) / 3600);
      var at = marks[today - (Math.floor(local / 86400) + C.hours[String(dayStarts)][hour][1]) + 2];
      for (k = 0; at && k < at.length; k++) out[at[k]] = true;
    }
    return out;
  }
  // A packed column (sitegen/model/packing.py): ``width`` digits of base 64 a value, the
  // alphabet ``digits``, each value less ``less``.
  function column(text, width, digits, less) {
    var at = {}, out = [], j, k;
    for (j = 0; j < digits.length; j++) at[digits.charAt(j)] = j;
    for (j = 0; j < text.length; j += width) {
      var v = 0;
      for (k = 0; k < width; k++) v = v * 64 + at[text.charAt(j + k)];
      out.push(v - (less || 0));
    }
    return out;
  }
  // The last of an ascending list at or before ``x`` (its index; -1 before the first).
  function lastAtOrBefore(list, x) {
    var lo = 0, hi = list.length;
    while (lo < hi) { var mid = (lo + hi) >> 1; if (list[mid] <= x) lo = mid + 1; else hi = mid; }
    return lo - 1;
  }

  // The terms' columns, unpacked once: each is written as digits of base 64 (T.digits), four a
  // value for the seconds between terms, one for the others.
  var termsCache = null;
  function terms() {
    if (!termsCache) {
      var T = tables().terms, i;
      var column4 = function (text, width) { return column(text, width, T.digits); };
      var deltas = column4(T.deltas, 4), instants = [T.first], back = column4(T.zhong_back, 1), zhong = [];
      for (i = 0; i < deltas.length; i++) instants.push(instants[i] + deltas[i]);
      for (i = 0; i < back.length; i++) zhong.push(i - back[i]);
      termsCache = { instants: instants, names: T.names, year: column4(T.year, 1), month: column4(T.month, 1),
                     zhong: zhong, general: column4(T.general, 1) };
    }
    return termsCache;
  }

  // The facts of a moment, exactly as `sitegen cast --json` prints them (``born``, ``sex``: the
  // asker's birth year and "m"/"f", or nothing; ``spouse``: the spouse's birth year, or nothing).
  // ``place``: "LAT,LON" for 晝/夜 by the Sun there, or nothing.
  function facts(at, tz, dayStarts, born, sex, place, spouse) {
    var C = tables();
    if (dayStarts === undefined || dayStarts === null) dayStarts = C.day_starts;
    var where = place ? parsePlace(place) : null;
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
    var sun = where ? sunAt(sec, where) : null;
    var night = sun ? !sun.day : C.night[branch], dn = night ? "night" : "day";
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
    if (sun) { out.day_night_by = "sun"; out.sun = sunFacts(sun, sec, offset, tz); }
    if (reading.change) out.clock_change = reading.change;
    // the lesson: with cast/tables.js, not with the calendar's tables alone (cast/calendar.js)
    if (!C.lessons) return out;
    var url = C.lessons[day][plate - 1];
    out.transmissions = C.chuan[day][plate - 1];
    out.url = url;
    out.link = url + "?at=" + text + "&tz=" + zoneQuery(tz) + "&shift=" + dn +
      (dayStarts !== C.day_starts ? "&day=" + dayStarts : "") + (sun ? "&place=" + sun.place : "");
    var nm = nianmingOf(born, sex, T.year[i], t.y, text), sp = spouseOf(spouse, nm.sex, T.year[i], t.y, text);
    if (nm.born !== null) out.link += "&born=" + nm.born + (nm.sex ? "&sex=" + nm.sex : "");
    if (sp.born !== null) out.link += "&spouse=" + sp.born;
    weighing(C, out, day, plate, T.month[i] % 12, T.year[i] % 12, night, nm.birth, nm.xing);
    out.spouse_xingnian = sp.xing === null ? null : C.sixty[sp.xing];
    var cond = conditionsOf(C, day * 12 + plate - 1), xb = nm.xing === null ? null : C.sixty[nm.xing].charAt(1);
    var couple = out._couple = coupleOf(nm.sex, out.xingnian, out.spouse_xingnian);
    var spouses = out._spouses = spousesOf(nm.sex, out.xingnian, out.spouse_xingnian, out.ming,
                                           sp.xing === null ? null : C.sixty[sp.birth].charAt(1));
    out.conditional = [];
    for (var c = 0; c < cond.length; c++) out.conditional.push([cond[c][0], held(cond[c][1], out, out.ming, xb, null, null, couple, spouses)]);
    // what the date settles besides (with the Moon's table, cast/moon.js): the Moon's mansion,
    // the days of the calendar, the conditional 課體 and the 法 of 《畢法賦》 with those decided
    if (!window.SITEGEN_MOON) return out;
    var mansion = out.moon_mansion = moonAt(sec), days = out.dates = datesOf(C, i, dayNumber, tz, dayStarts);
    var moon = mansion.palace === undefined ? null : mansion.palace;
    out.settled = [];
    for (c = 0; c < cond.length; c++) out.settled.push([cond[c][0], held(cond[c][1], out, out.ming, xb, days, moon, couple, spouses)]);
    var fa = bifaOf(C, day * 12 + plate - 1);
    out.bifa = [];
    for (c = 0; c < fa.length; c++) out.bifa.push([fa[c][0], fa[c][1] === null ? true : held(fa[c][1], out, out.ming, xb, days, moon, couple, spouses)]);
    return out;
  }
  // A lesson's 法 of 《畢法賦》 as [number, condition or null] (each distinct pair kept once).
  function bifaOf(C, i) {
    var ks = column(C.bifa[i], 2, C.terms.digits), out = [];
    for (var k = 0; k < ks.length; k++) out.push(C.bifa_conds[ks[k]]);
    return out;
  }

  // 本命 and 行年 (sixty indices, or null) of one born in ``born`` of sex ``sex`` in the 干支 year
  // ``yearIndex``, looked up in the build's tables.
  function nianmingOf(born, sex, yearIndex, momentYear, at) {
    var C = tables(), out = { born: null, sex: null, birth: null, xing: null };
    if (born === undefined || born === null || born === "") {
      if (sex) throw new CastError("행년은 태어난 해와 성별로 정한다: 태어난 해도 적어야 한다");
      return out;
    }
    var y = /^\d{4}$/.test(String(born)) ? parseInt(born, 10) : NaN;
    if (!(y >= 1900 && y <= 2100)) throw new CastError("'" + born + "'은(는) 1900–2100의 해가 아니다");
    if (y > momentYear) throw new CastError(y + "년생은 " + at + "보다 늦게 태어났다");
    if (sex && sex !== "m" && sex !== "f") throw new CastError("성별은 m(남) 또는 f(여)");
    out.born = y;
    out.birth = C.years.index[y - C.years.first];
    if (sex) {
      out.sex = sex;
      out.xing = C.nianming.xing[sex][((yearIndex - out.birth) % 60 + 60) % 60];
    }
    return out;
  }

  // The spouse's 行年 (a sixty index, or null): one born in ``spouse``, of the sex other than the
  // asker's ``sex`` (without which it is an error, as `sitegen cast --spouse-born` without --sex).
  function spouseOf(spouse, sex, yearIndex, momentYear, at) {
    if (spouse === undefined || spouse === null || spouse === "") return { born: null, xing: null };
    if (!sex) throw new CastError("배우자의 行年은 묻는 이의 성별로 정한다: 태어난 해와 성별도 적어야 한다");
    return nianmingOf(spouse, sex === "m" ? "f" : "m", yearIndex, momentYear, at);
  }
  // 夫年 and 妻年 (the branches of the man's and the woman's 行年 as two characters), or null:
  // what a ``couple`` condition is read against (sitegen/cast.py's couple_of).
  function coupleOf(sex, xing, spouseXing) {
    if (!xing || !spouseXing) return null;
    return sex === "m" ? xing.charAt(1) + spouseXing.charAt(1) : spouseXing.charAt(1) + xing.charAt(1);
  }
  // 夫年·妻年 as 干支 (four characters) and 夫命·妻命 (two), or {}: what ``couple_years`` and
  // ``couple_ming`` conditions are read against (sitegen/cast.py's spouses_of).
  function spousesOf(sex, xing, spouseXing, ming, spouseMing) {
    if (!xing || !spouseXing || !ming || !spouseMing) return {};
    var me = [xing, ming], other = [spouseXing, spouseMing];
    var man = sex === "m" ? me : other, woman = sex === "m" ? other : me;
    return { couple_years: man[0] + woman[0], couple_ming: man[1] + woman[1] };
  }

  // The 年命 with what stands over them, every 神煞 and where it falls, and 旺相休囚死 and 十二長生
  // of the lesson's branches: the keys `sitegen cast --json` adds for them.
  function weighing(C, out, day, plate, month, year, night, birth, xing) {
    var B = C.branches, heaven = C.heaven[plate - 1], stem = day % 10;
    var gens = C.generals[stem][plate - 1][night ? 1 : 0];
    var uppers = C.uppers[day][plate - 1].split(""), chuan = out.transmissions.split("");
    function general(b) { return C.general_names[parseInt(gens.charAt(B.indexOf(b)), 16)]; }
    function upper(i) {
      if (i === null) return null;
      var b = C.sixty[i].charAt(1), h = heaven.charAt(B.indexOf(b));
      return { branch: b, upper: h, general: general(h) };
    }
    out.ming = birth === null ? null : C.sixty[birth].charAt(1);
    out.xingnian = xing === null ? null : C.sixty[xing];
    out.nianming_upper = { ming: upper(birth), xing: upper(xing) };
    var S = C.shensha, list = [];
    for (var k = 0; k < S.ids.length; k++) {
      var basis = S.basis[k], at = S.at[k];
      var b = basis === "stem" || basis === "branch" ? at[day] : basis === "day" ? at[day][month] :
        basis === "month" ? at[month] : at[year];
      if (!b) continue;
      var inLessons = [], inChuan = [];
      for (var u = 0; u < uppers.length; u++) if (uppers[u] === b) inLessons.push(u + 1);
      for (var c = 0; c < chuan.length; c++) if (chuan[c] === b) inChuan.push(C.positions[c]);
      list.push({ rule: S.ids[k], name: S.names[k], branch: b, seat: B[heaven.indexOf(b)],
                  lessons: inLessons, transmissions: inChuan });
    }
    out.shensha = list;
    var W = C.nianming.wang, wb = W.branch[month];
    function wang(bs) { return bs.map(function (x) { return wb.charAt(B.indexOf(x)); }); }
    out.strength = { gan: W.stem[month].charAt(stem), zhi: wb.charAt(day % 12), lessons: wang(uppers),
                     transmissions: wang(chuan) };
    var st = C.stages[stem];
    function stages(bs) { return bs.map(function (x) { return C.stage_names[parseInt(st.charAt(B.indexOf(x)), 16)]; }); }
    out.changsheng = { lessons: stages(uppers), transmissions: stages(chuan) };
  }

  // A lesson's conditional 課體 as [name, when] pairs (the tables keep each distinct pair once).
  function conditionsOf(C, i) {
    var out = [], ks = C.conditional[i];
    for (var k = 0; k < ks.length; k++) out.push(C.conds[ks[k]]);
    return out;
  }

  // Whether a conditional 課體 holds: true, false, or null (it needs what was not given): as
  // sitegen/cast.py's held reads a condition (``dates``: the days of the calendar the moment
  // tells, ``moon``: the 宮 of the Moon's mansion, ``couple``: 夫年 and 妻年 as two characters).
  function held(when, f, birth, xing, dates, moon, couple, spouses) {
    spouses = spouses || {};
    var have = { hours: f.hour, day_night: f.day_night, month_generals: f.month_general,
                 months: f.month ? f.month.charAt(1) : null,
                 years: f._year_branch, birth: birth || null, xing: xing || null, moon: moon || null,
                 couple: couple || null, couple_years: spouses.couple_years || null,
                 couple_ming: spouses.couple_ming || null };
    var given = { "本命": birth, "行年": xing, "夫妻行年": couple, "夫妻本命": spouses.couple_ming },
      needs = when.needs || [], undecided = false;
    for (var n = 0; n < needs.length; n++) if (!given[needs[n]]) return null;
    for (var k in when) {
      if (!Object.prototype.hasOwnProperty.call(when, k) || k === "needs") continue;
      if (k === "dates") {   // days of the calendar: false if one is told false, undecided if one is not told
        var told = dates ? when.dates.map(function (d) { return dates[d] === undefined ? null : dates[d]; }) : [null];
        if (told.indexOf(false) >= 0) return false;
        if (told.indexOf(null) >= 0) undecided = true;
        continue;
      }
      if (k === "any") {     // one of the alternatives (each a list of [set, branches] that all hold)
        var got = when.any.map(function (alt) { return allOf(alt, have); });
        if (got.indexOf(true) >= 0) continue;
        return got.indexOf(null) >= 0 ? null : false;
      }
      var v = have[k];
      if (v === undefined || v === null) return null;
      if (k === "day_night" ? v !== when[k] : when[k].indexOf(v) < 0) return false;
    }
    return undecided ? null : true;
  }
  function allOf(alt, have) {
    var out = true;
    for (var i = 0; i < alt.length; i++) {
      var v = have[alt[i][0]];
      if (v === undefined || v === null) out = null;
      else if (alt[i][1].indexOf(v) < 0) return false;
    }
    return out;
  }
  // (the words are content/names.yaml's, as the build wrote them into the tables)
  function heldText(h) {
    var W = tables().words;
    return h === null ? W.undecided : h ? W.held : W.not_held;
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

  window.SitegenCast = { facts: facts, held: held, birthOf: birthOf, branchOf: branchOf, CastError: CastError,
                         showSun: showSun, params: function () { return params(); } };

  // How the 年命, 旺衰 and 神煞 of a cast read on a page.
  function upperText(u) { return u ? u.branch + " 위 " + u.upper + " " + u.general : "—"; }
  function whereText(m) {
    var parts = [];
    var W = tables().words;
    for (var i = 0; i < m.lessons.length; i++) parts.push(W.in_lesson.replace("{n}", m.lessons[i]));
    return parts.concat(m.transmissions).join("·") || W.outside;
  }
  function showWeighing(root, f, p) {
    setText(root, "birth", f.ming ? birthOf(p.born) + " (" + p.born + "년)" : "—");
    setText(root, "xingnian", f.xingnian || "—");
    setText(root, "spouse_xingnian", f.spouse_xingnian || "—");
    setText(root, "ming_upper", upperText(f.nianming_upper.ming));
    setText(root, "xing_upper", upperText(f.nianming_upper.xing));
    setText(root, "strength", "干 " + f.strength.gan + " · 支 " + f.strength.zhi + " · 四課 " +
            f.strength.lessons.join("") + " · 三傳 " + f.strength.transmissions.join(""));
  }

  // The Sun at the place given (templates/_sun.html): hidden without one.
  function showSun(root, f) {
    var box = root.querySelector("[data-sun]"), s = f.sun;
    if (!box) return;
    box.hidden = !s;
    if (!s) return;
    var m = Math.abs(s.correction), hm = function (t) { return t.slice(11, 19); };
    box.textContent = "장소 " + s.place + " (위도,경도) · 해돋이 " + hm(s.sunrise) + " · 해넘이 " + hm(s.sunset) +
      " · 평균태양시 " + hm(s.mean_solar) + " · 진태양시 " + hm(s.true_solar) + " (시계" + (s.correction < 0 ? "−" : "+") +
      Math.floor(m / 60) + "분 " + (m % 60) + "초, " + s.true_solar_hour + "時) · " +
      (f.day_night === "day" ? "해가 떠 있다: 晝" : "해가 졌다: 夜");
  }

  // ---- URL parameters ------------------------------------------------------------------------
  function params() { return window.SitegenURL.params(); }     // assets/params.js
  // The cast page's choices, each in the URL under its form field's name (the moment, "at", is the
  // date and time fields together): a new choice is one more name here and one field in the form.
  var FORM_KEYS = ["tz", "day", "born", "sex", "spouse", "place"];
  // Those a lesson's link carries on from the cast page besides born, sex and spouse (which the
  // facts' link has): a 行年 typed as xing=.
  var CARRY = ["xing"];
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
    var out = "";
    for (var i = 0; i < CARRY.length; i++) if (p[CARRY[i]]) out += "&" + CARRY[i] + "=" + encodeURIComponent(p[CARRY[i]]);
    return out;
  }

  // ---- the cast page ---------------------------------------------------------------------------
  function castPage(form) {
    var out = document.getElementById("cast-result"), status = document.getElementById("cast-status");
    var root = form.getAttribute("data-root");
    function show(p) {
      var dayStarts = p.day === "0" ? 0 : (p.day === "23" ? 23 : tables().day_starts), f;
      try {
        f = facts(p.at, p.tz, dayStarts, p.born, p.sex, p.place, p.spouse);
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
      setText(out, "day_night", f.day_night_by === "sun" ? (f.day_night === "day" ? "晝 (해돋이와 해넘이 사이)" : "夜 (해넘이 뒤, 해돋이 전)")
              : f.day_night === "day" ? "晝 (낮: 占時 卯–申)" : "夜 (밤: 占時 酉–寅)");
      showSun(out, f);
      showSettled(out, f);
      setText(out, "day_starts", f.day_starts === 23 ? "23시 (子初)" : "0시");
      showClockChange(out, f);
      showWeighing(out, f, p);
      var sha = out.querySelector("[data-fact-shensha]");
      sha.textContent = "";
      for (var s = 0; s < f.shensha.length; s++) {
        var item = document.createElement("li"), m = f.shensha[s];
        item.textContent = m.name + " " + m.branch + " (地盤 " + m.seat + ", " + whereText(m) + ")";
        item.setAttribute("data-rule", m.rule);
        sha.appendChild(item);
      }
      var lesson = out.querySelector("[data-fact-link]");
      lesson.setAttribute("href", root + f.url + "index.html?" + f.link.split("?")[1]);
      lesson.textContent = f.day + "日 第" + f.plate + "局 (" + f.transmissions + ")";
      out.hidden = false;
      window.SITEGEN_CAST_FACTS = f;
    }
    // The Moon's mansion, the days of the calendar, and the 課體 and 法 they settle, held or not.
    function showSettled(out, f) {
      var M = f.moon_mansion;
      setText(out, "moon_mansion", M.mansion + " (" + M.entered.replace("T", " ") + " – " + M.leaves.replace("T", " ") + ")");
      var days = [];
      for (var d in f.dates) days.push(d + " " + (f.dates[d] ? "이다" : "아니다"));
      setText(out, "dates", days.join(" · "));
      function fill(list, items) {
        list.textContent = "";
        for (var j = 0; j < items.length; j++) {
          var li = document.createElement("li");
          li.textContent = items[j][0] + ": " + heldText(items[j][1]);
          li.setAttribute("data-held", String(items[j][1]));
          if (items[j][2]) li.setAttribute("data-bifa", items[j][2]);
          list.appendChild(li);
        }
        if (!items.length) { var none = document.createElement("li"); none.textContent = "없음"; list.appendChild(none); }
      }
      fill(out.querySelector("[data-fact-conditional]"), f.settled);
      var verses = tables().bifa_verses;
      fill(out.querySelector("[data-fact-bifa]"), f.bifa.map(function (b) {
        return ["第" + b[0] + "法 " + verses[b[0]], b[1], String(b[0])];
      }));
    }
    function fromForm() {
      var date = form.elements.date.value, time = form.elements.time.value.split(".")[0];
      if (/^\d\d:\d\d:00$/.test(time)) time = time.slice(0, 5);
      var p = { at: date && time ? date + "T" + time : "" };
      for (var i = 0; i < FORM_KEYS.length; i++) p[FORM_KEYS[i]] = form.elements[FORM_KEYS[i]].value.trim();
      return p;
    }
    function toForm(p) {
      var parts = (p.at || "").split("T");
      form.elements.date.value = parts[0] || "";
      form.elements.time.value = parts[1] || "";
      for (var i = 0; i < FORM_KEYS.length; i++) form.elements[FORM_KEYS[i]].value = p[FORM_KEYS[i]] || "";
      form.elements.day.value = p.day === "0" || p.day === "23" ? p.day : String(tables().day_starts);
    }
    // The form's choices into the URL (the site's own day boundary is left out), and the answer.
    function keep(q) {
      var state = { at: q.at };
      for (var i = 0; i < FORM_KEYS.length; i++) state[FORM_KEYS[i]] = q[FORM_KEYS[i]];
      if (state.day === String(tables().day_starts)) state.day = null;
      window.sitegenKeep(state);
      show(q);
    }
    var p = params();
    if (!p.tz) p.tz = deviceZone();
    if (!p.at) { try { p.at = nowIn(p.tz); } catch (e) { p.at = ""; } }
    toForm(p);
    keep(p);
    form.addEventListener("submit", function (ev) {
      ev.preventDefault();
      keep(fromForm());
    });
    form.addEventListener("change", function () { keep(fromForm()); });
    var presets = document.querySelectorAll("[data-zone], [data-place]");
    for (var k = 0; k < presets.length; k++) {
      presets[k].addEventListener("click", function (ev) {
        var b = ev.currentTarget;
        if (b.hasAttribute("data-zone")) form.elements.tz.value = b.getAttribute("data-zone");
        else form.elements.place.value = b.getAttribute("data-place");
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
      f = facts(p.at, p.tz || deviceZone(), dayStarts, p.born, p.sex, p.place, p.spouse);
    } catch (e) {
      if (!(e instanceof CastError)) throw e;
      box.querySelector("[data-moment-error]").textContent = e.message;
      box.hidden = false;
      return;
    }
    var here = box.getAttribute("data-lesson"), root = box.getAttribute("data-root");
    var ok = f.url === here;
    // 本命 and 行年 (computed from born and sex; a 行年 typed as xing= takes its place)
    var birth = f.ming, xing = p.xing ? branchOf(p.xing) : (f.xingnian ? f.xingnian.charAt(1) : null);
    var names = ["at", "tz", "year", "month", "day", "hour", "solar_term", "month_general", "utc_offset"];
    for (var i = 0; i < names.length; i++) setText(box, names[i], String(f[names[i]]));
    showClockChange(box, f);
    showWeighing(box, f, p);
    showSun(box, f);
    if (p.xing) setText(box, "xingnian", xing || "—");
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
        if (birth && earth === birth) { pl.classList.add("is-birth"); tags.push("本命"); }
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
        var h = held(JSON.parse(when), g, birth, xing, f.dates, f.moon_mansion ? f.moon_mansion.palace : null, f._couple, f._spouses);
        conds[k].setAttribute("data-held", String(h));
        conds[k].querySelector("[data-held-text]").textContent = heldText(h);
      }
      // 旺相休囚死 of the four lessons and the three transmissions, and the moment's 神煞 rows
      var cells = document.querySelectorAll("[data-wang]");
      for (var w = 0; w < cells.length; w++) {
        var at = cells[w].getAttribute("data-wang").split(":");
        cells[w].textContent = f.strength[at[0]][+at[1]];
      }
      function cell(row, text) {
        var td = document.createElement("td");
        td.textContent = text;
        return row.appendChild(td);
      }
      // the 神煞 of the month and year, which only a moment places: a row each, after the day's
      var body = document.querySelector("tbody.shensha"), sha = tables().shensha;
      var old = document.querySelectorAll("tr[data-shensha]");
      for (var o = 0; o < old.length; o++) old[o].parentNode.removeChild(old[o]);
      for (var q = 0; body && q < f.shensha.length; q++) {
        var m = f.shensha[q], i = sha.ids.indexOf(m.rule);
        if (sha.basis[i] === "stem" || sha.basis[i] === "branch") continue;   // on the page already
        var row = document.createElement("tr"), th = document.createElement("th"), a = document.createElement("a");
        row.setAttribute("data-shensha", m.rule);
        th.setAttribute("scope", "row");
        a.setAttribute("href", box.getAttribute("data-root") + sha.hrefs[i]);   // from the site's root
        a.textContent = sha.names[i];
        th.appendChild(a);
        row.appendChild(th);
        cell(row, m.branch).setAttribute("data-sha-branch", "");
        cell(row, m.seat).setAttribute("data-sha-seat", "");
        cell(row, whereText(m)).setAttribute("data-sha-where", "");
        cell(row, sha.counted_by[i]).className = "meta";
        body.appendChild(row);
      }
    }
    box.hidden = false;
    window.SITEGEN_CAST_FACTS = f;
  }

  // ---- the 類神 of a question on a lesson page (no moment needed) -------------------------------
  // Each option carries the heaven branches where its 類神 sits (晝, 夜), as the build found them;
  // the choice is kept in the URL (?lei=…).
  function leishen(select) {
    var note = document.querySelector("[data-leishen-note]");
    function mark(key) {
      var opt = null;
      for (var i = 0; i < select.options.length; i++) if (select.options[i].value === key) opt = select.options[i];
      if (!opt) { key = ""; opt = select.options[0]; }
      select.value = key;
      var day = opt.getAttribute("data-day") || "", night = opt.getAttribute("data-night") || "";
      var palaces = document.querySelectorAll(".plate .palace");
      for (var j = 0; j < palaces.length; j++) {
        var h = palaces[j].querySelector(".heaven").textContent.trim();
        palaces[j].classList.toggle("lei-day", !!key && day.indexOf(h) >= 0);
        palaces[j].classList.toggle("lei-night", !!key && night.indexOf(h) >= 0);
      }
      if (note) {
        note.textContent = "";
        if (key) {
          var a = document.createElement("a");
          a.href = opt.getAttribute("data-href");
          a.textContent = "類神 " + opt.textContent;
          note.appendChild(a);
          note.appendChild(document.createTextNode(": 晝 " + (day || "—") + " · 夜 " + (night || "—")));
        }
      }
    }
    mark(params().lei || "");
    select.addEventListener("change", function () {
      mark(select.value);
      window.sitegenKeep({ lei: select.value || null });          // assets/site.js
    });
  }

  function start() {
    var lei = document.querySelector("select[data-leishen]");
    if (lei) leishen(lei);
    var form = document.getElementById("cast-form");
    if (form && document.readyState === "loading") {        // after site.js, which keeps the URL
      document.addEventListener("DOMContentLoaded", function () { castPage(form); });
      return;
    }
    if (form) { castPage(form); return; }
    var box = document.getElementById("moment");
    if (!box || params().at === undefined) return;
    // the lessons' tables and the Moon's (cast/moon.js beside them: what the date settles needs
    // the Moon's 宮 too), fetched side by side; the page is read once both have run (or failed)
    var src = box.getAttribute("data-tables"), need = [];
    if (!tables()) need.push(src);
    if (!window.SITEGEN_MOON) need.push(src.replace(/tables\.js$/, "moon.js"));
    var pending = need.length;
    if (!pending) { lessonPage(box); return; }
    for (var i = 0; i < need.length; i++) {
      var s = document.createElement("script");
      s.src = need[i];
      s.onload = s.onerror = function () { if (!--pending && tables()) lessonPage(box); };
      document.head.appendChild(s);
    }
  }
  start();
})();
