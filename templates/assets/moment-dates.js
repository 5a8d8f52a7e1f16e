/* sitegen: on a lesson page given a moment (?at=&tz=), the conditional 課體 and 法 that name a day
   of the calendar the moment tells (四立日, 四立前日: `sitegen cast --json`'s "dates"), held or not,
   as `sitegen cast` settles them ("settled", "bifa").
   Classic script, after cast.js (templates/_moment_dates.html). It computes nothing the build has
   not: the instant of every 四立 and how many days before one each named day is are the build's
   (window.SITEGEN_CAST.sili, sitegen.model.calendar.sili_tables), the day's turning hour its
   tables' (hours), the zone's clock the browser's (Intl), and what else a condition asks is
   cast.js's held(). It runs once cast.js has shown the moment (#moment no longer hidden). */
(function () {
  "use strict";

  var me = document.currentScript, box = document.getElementById("moment");
  if (!me || !box || window.SitegenURL.params().at === undefined) return;
  var done = false;

  // The 干支 day of an instant on the clocks of tz, counted as cast.js counts the moment's
  // (_day_number: the civil date's day since 1970, one on after the day's turning hour).
  function dayOf(sec, tz, dayStarts) {
    var parts = new Intl.DateTimeFormat("en-US", { timeZone: tz, hourCycle: "h23", year: "numeric",
      month: "numeric", day: "numeric", hour: "numeric" }).formatToParts(new Date(sec * 1000)), p = {};
    for (var i = 0; i < parts.length; i++) p[parts[i].type] = parts[i].value;
    return Date.UTC(+p.year, +p.month - 1, +p.day) / 86400000 +
      window.SITEGEN_CAST.hours[String(dayStarts)][+p.hour % 24][1];
  }

  // Whether the moment's day is each named day (四立日, 四立前日): the 四立 near it, read on its
  // zone's clocks.
  function told(f) {
    var S = window.SITEGEN_CAST.sili, out = {}, name;
    for (name in S.before) out[name] = false;
    for (var i = 0; i < S.instants.length; i++) {
      var at = S.instants[i];
      if (Math.abs(at / 86400 - f._day_number) > 4) continue;
      var d = dayOf(at, f.tz, f.day_starts);
      for (name in S.before) if (d === f._day_number + S.before[name]) out[name] = true;
    }
    return out;
  }

  // A condition with days in it: what else it asks decided by cast.js, then its days (the days
  // are the condition's last part, as the engine writes it); null where a day is not told (月宿).
  function settle(when, g, birth, xing, days) {
    var rest = {};
    for (var k in when) if (Object.prototype.hasOwnProperty.call(when, k) && k !== "dates") rest[k] = when[k];
    var h = window.SitegenCast.held(rest, g, birth, xing);
    if (h !== true) return h;
    for (var i = 0; i < when.dates.length; i++) {
      var t = days[when.dates[i]];
      if (t === false) return false;
      if (t === undefined) h = null;
    }
    return h;
  }

  function apply() {
    var f = window.SITEGEN_CAST_FACTS;
    if (done || box.hidden || !f || !window.SITEGEN_CAST || !window.SITEGEN_CAST.sili) return;
    done = true;
    if (f.url !== box.getAttribute("data-lesson")) return;        // the moment's lesson is another
    var p = window.SitegenURL.params(), C = window.SitegenCast;
    var birth = f.ming, xing = p.xing ? C.branchOf(p.xing) : (f.xingnian ? f.xingnian.charAt(1) : null);
    var shown = document.querySelector("[data-shift]").getAttribute("data-shift");
    var g = { hour: f.hour, day_night: shown, month_general: f.month_general, month: f.month,
              _year_branch: f._year_branch };
    var days = told(f), conds = document.querySelectorAll("[data-when], [data-bifa-when]");
    for (var i = 0; i < conds.length; i++) {
      var when = JSON.parse(conds[i].getAttribute("data-when") || conds[i].getAttribute("data-bifa-when"));
      if (!when.dates) continue;
      var h = settle(when, g, birth, xing, days);
      if (h === null) continue;                   // as cast.js left it: it needs what is not told
      conds[i].setAttribute("data-held", String(h));
      conds[i].querySelector("[data-held-text]").textContent = me.getAttribute(h ? "data-held" : "data-not-held");
    }
  }

  apply();
  if (!done && window.MutationObserver) {
    new MutationObserver(apply).observe(box, { attributes: true, attributeFilter: ["hidden"] });
  }
})();
