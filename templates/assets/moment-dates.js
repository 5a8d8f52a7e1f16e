/* sitegen: on a lesson page given a moment (?at=&tz=), the conditional 課體 and 法 that name a day
   of the calendar the moment tells (四立日, 四立前日: `sitegen cast --json`'s "dates"), held or not,
   as `sitegen cast` settles them ("settled", "bifa").
   Classic script, after cast.js (templates/_moment_dates.html). It computes nothing the build has
   not: which days the moment tells is cast.js's reading of the build's table (SitegenCast.dates,
   the cast page's "dates"), and a condition is read by cast.js's held(), as sitegen cast reads it.
   It runs once cast.js has shown the moment (#moment no longer hidden). */
(function () {
  "use strict";

  var me = document.currentScript, box = document.getElementById("moment");
  if (!me || !box || window.SitegenURL.params().at === undefined) return;
  var done = false;

  function apply() {
    var f = window.SITEGEN_CAST_FACTS;
    if (done || box.hidden || !f || !window.SITEGEN_CAST) return;
    done = true;
    if (f.url !== box.getAttribute("data-lesson")) return;        // the moment's lesson is another
    var p = window.SitegenURL.params(), C = window.SitegenCast;
    var birth = f.ming, xing = p.xing ? C.branchOf(p.xing) : (f.xingnian ? f.xingnian.charAt(1) : null);
    var shown = document.querySelector("[data-shift]").getAttribute("data-shift");
    var g = { hour: f.hour, day_night: shown, month_general: f.month_general, month: f.month,
              _year_branch: f._year_branch };
    var days = C.dates(f), conds = document.querySelectorAll("[data-when], [data-bifa-when]");
    for (var i = 0; i < conds.length; i++) {
      var when = JSON.parse(conds[i].getAttribute("data-when") || conds[i].getAttribute("data-bifa-when"));
      if (!when.dates) continue;
      var h = C.held(when, g, birth, xing, days);
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
