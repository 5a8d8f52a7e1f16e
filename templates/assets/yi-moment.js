/* sitegen: a change or hexagram page read in its day and month (日辰·月建), and the 用神 of a question.
   Classic script (no modules, no fetch), so it works from file://. It computes nothing the build
   has not: every fact is looked up in window.SITEGEN_YI (yi/moment.js: the yi-moment rules
   evaluated by the build for every 日辰 × 月建 × branch, and the yi-yongshen rules for every
   topic and hexagram); a moment (?at=&tz=) is read by the cast page's script (cast.js with the
   calendar's tables, cast/calendar.js).
   It is loaded async after the async tags of what it reads (#yi-moment-tables, and for a moment
   #yi-moment-calendar and #yi-moment-cast): all are fetched from the page's start, while it is
   being parsed, and the page is filled once those it needs have run and the page is parsed. The
   time from this script's start to the answer on the page is the performance measure "yi-moment". */
(function () {
  "use strict";

  var me = document.currentScript;
  if (!me) return;
  if (window.performance && performance.mark) performance.mark("yi-moment:start");
  var box = null, root = me.getAttribute("data-root"), number = +me.getAttribute("data-hexagram");

  function params() { return window.SitegenURL.params(); }     // assets/params.js
  function el(tag, text, cls) {
    var e = document.createElement(tag);
    if (text) e.textContent = text;
    if (cls) e.className = cls;
    return e;
  }
  // A link to a rule's page, named as the registry names it.
  function ruleLink(id) {
    var Y = window.SITEGEN_YI, a = el("a", Y.names[id]);
    a.setAttribute("href", root + Y.hrefs[id]);
    a.setAttribute("lang", "zh-Hant");
    return a;
  }

  // The palette entry of branch b on day d (甲子 = 0) in the month m (子 = 0): Y.days holds their
  // indices, two digits of base 64 (Y.digits) each.
  var digit = null;
  function palette(d, m, b) {
    var Y = window.SITEGEN_YI, at = 2 * ((d * 12 + m) * 12 + b);
    if (!digit) {
      digit = {};
      for (var i = 0; i < Y.digits.length; i++) digit[Y.digits.charAt(i)] = i;
    }
    return Y.palette[digit[Y.days.charAt(at)] * 64 + digit[Y.days.charAt(at + 1)]];
  }

  // The rules that hold on day d in the month m on each line of ``rows`` ({line, branch, to}: the
  // line's branch and, for a moving line, the branch it changes into, else null; 子 = 0).
  function linesAt(d, m, rows) {
    var Y = window.SITEGEN_YI, out = [];
    for (var i = 0; i < rows.length; i++) {
      var line = rows[i].line, b = rows[i].branch, to = rows[i].to, pal = palette(d, m, b);
      var mask = to === null ? pal[0] : pal[1];
      if (to !== null) mask |= palette(d, m, to)[2];
      var ids = [];
      for (var k = 0; k < Y.rules.length; k++) if (mask & (1 << k)) ids.push(Y.rules[k]);
      var strength = "";
      for (var s in Y.strength_ids) if (ids.indexOf(Y.strength_ids[s]) >= 0) strength = s;
      // the 十二運 in the 日辰 and in the 月建: the stage the build found for this branch and that one
      var sd = digit[Y.stage.day.charAt(b * 12 + d % 12)], sm = digit[Y.stage.month.charAt(b * 12 + m)];
      out.push({ line: line, liushen: Y.liushen[d % 10][line - 1], strength: strength,
                 month_broken: ids.indexOf("yi-yue-po") >= 0, rule_ids: ids,
                 day_stage: Y.stage_names[sd], month_stage: Y.stage_names[sm],
                 stage_rule_ids: [Y.stages.day[sd], Y.stages.month[sm]] });
    }
    return out;
  }
  // The same for the lines of this page (its rows, each with its own tr).
  function lineFacts(d, m) {
    var trs = document.querySelectorAll("[data-moment-lines] tr[data-line]"), rows = [];
    for (var i = 0; i < trs.length; i++) {
      var to = trs[i].getAttribute("data-to");
      rows.push({ line: +trs[i].getAttribute("data-line"), branch: +trs[i].getAttribute("data-branch"),
                  to: to === null ? null : +to });
    }
    var out = linesAt(d, m, rows);
    for (var j = 0; j < out.length; j++) out[j].tr = trs[j];
    return out;
  }

  // A line's place for what the moment tells (六神, 旺衰, the rules it makes hold), made the first
  // time a moment is shown: in ``cell``, before ``before`` if given.
  function slotOf(tr, name, cls, cell, before) {
    var s = tr.querySelector('[data-slot="' + name + '"]');
    if (!s) {
      s = document.createElement("span");
      s.className = cls;
      s.setAttribute("data-slot", name);
      cell.insertBefore(s, before || null);
    }
    return s;
  }

  var answered = false;
  var moment = null;          // the day and month of the address's moment (?at=&tz=), and its words
  function show(d, m, how) {
    var Y = window.SITEGEN_YI;
    var facts = lineFacts(d, m), strengthIds = [];
    for (var s in Y.strength_ids) strengthIds.push(Y.strength_ids[s]);
    for (var i = 0; i < facts.length; i++) {
      var f = facts[i], tr = f.tr;
      slotOf(tr, "liushen", "liushen", tr.cells[0]).textContent = f.liushen;
      var najia = tr.querySelector("[data-najia]");
      slotOf(tr, "strength", "strength", najia, najia.querySelector(".fushen")).textContent = f.strength;
      var slot = slotOf(tr, "rules", "moment-rules", tr.cells[tr.cells.length - 1]);
      slot.textContent = "";
      for (var k = 0; k < f.rule_ids.length; k++) {
        if (strengthIds.indexOf(f.rule_ids[k]) < 0) slot.appendChild(ruleLink(f.rule_ids[k]));
      }
      for (var q = 0; q < 2; q++) slot.appendChild(ruleLink(f.stage_rule_ids[q]));
      tr.classList.toggle("is-broken", f.month_broken);
    }
    settle(d, facts);
    box.querySelector("[data-moment-summary]").textContent =
      how + " 日辰 " + Y.sixty[d] + " · 月建 " + Y.branches[m] + " · 旬空 " + Y.void[d];
    var form = box.querySelector("[data-moment-form]");
    form.elements.ri.value = String(d);
    form.elements.yue.value = String(m);
    document.documentElement.setAttribute("data-moment", Y.sixty[d] + Y.branches[m]);
    window.SITEGEN_YI_FACTS = data(d, m, facts);
    yong();
    if (!answered && window.performance && performance.measure) {
      answered = true;
      performance.mark("yi-moment:answer");
      performance.measure("yi-moment", "yi-moment:start", "yi-moment:answer");
    }
  }

  // The conditional rules the day settles, held or not: a rule of the moment's tables on the lines
  // (化空: held when a line holds it), or one the build decided for each day stem (data-by-stem,
  // 甲 first: 青龍克世); what no day tells stays as it was.
  function settle(d, facts) {
    var Y = window.SITEGEN_YI, conds = document.querySelectorAll("[data-cond]");
    for (var i = 0; i < conds.length; i++) {
      var el = conds[i], id = el.getAttribute("data-cond"), stems = el.getAttribute("data-by-stem"), h = null;
      if (stems) h = stems.charAt(d % 10) === "1";
      else if (Y.rules.indexOf(id) >= 0) {
        h = false;
        for (var k = 0; k < facts.length; k++) if (facts[k].rule_ids.indexOf(id) >= 0) h = true;
      }
      el.setAttribute("data-held", String(h));
      el.querySelector("[data-held-text]").textContent = h === null ? "" : h ? Y.words.held_on_day : Y.words.not_held_on_day;
    }
  }

  // The facts of this change on day d in month m, as `sitegen cast --json` names them.
  function data(d, m, facts) {
    var Y = window.SITEGEN_YI;
    return {
      day: Y.sixty[d], month_branch: Y.branches[m], void: Y.void[d].split(""),
      lines: (facts || lineFacts(d, m)).map(function (f) {
        return { line: f.line, liushen: f.liushen, strength: f.strength, month_broken: f.month_broken,
                 rule_ids: f.rule_ids, day_stage: f.day_stage, month_stage: f.month_stage,
                 stage_rule_ids: f.stage_rule_ids };
      }).sort(function (a, b) { return a.line - b.line; })
    };
  }
  // The 用神 of topic (a rule id) in this page's 本卦 (or the hexagram ``hexagram``), as the build's
  // table has it: the lines of the 用神, of the 伏神 it hides as, of its 原神, 忌神 and 仇神, and its 六親.
  function yongOf(topic, hexagram) {
    var T = window.SITEGEN_YI.yongshen, k = T.topics.indexOf(topic);
    if (k < 0) return null;
    var f = T.lines[(hexagram || number) - 1][k].split("|"), lines = function (s) { return s.split("").map(Number); };
    return { topic: topic, yong: lines(f[0]), fu: lines(f[1]), yuan: lines(f[2]), ji: lines(f[3]),
             yong_liuqin: f[4] || null, chou: lines(f[5]) };
  }
  window.SitegenYi = { facts: data, yongshen: yongOf, linesAt: linesAt };

  // The chosen topic's 用神, 原神, 忌神 and 仇神, marked on their rows, with their state that day (the
  // strength and the day's and month's rules in the row), each named by its rule and linked.
  function yong() {
    var T = window.SITEGEN_YI.yongshen, form = box.querySelector("[data-moment-form]");
    var y = yongOf(form.elements.yong.value), out = box.querySelector("[data-moment-yong]");
    var rows = document.querySelectorAll("[data-moment-lines] tr[data-line]");
    for (var i = 0; i < rows.length; i++) rows[i].removeAttribute("data-yong");
    out.textContent = "";
    if (!y) return;
    out.appendChild(ruleLink(y.topic));
    if (y.yong_liuqin) out.appendChild(document.createTextNode(" (" + y.yong_liuqin + ")"));
    var marks = y.yong.length ? [["yong", y.yong, null]] : [["fu", y.fu, T.fu]];
    marks.push(["yuan", y.yuan, T.yuan], ["ji", y.ji, T.ji], ["chou", y.chou, T.chou]);
    for (var k = 0; k < marks.length; k++) {
      var role = marks[k][0], lines = marks[k][1], id = marks[k][2];
      if (!lines.length) continue;
      out.appendChild(document.createTextNode(k === 0 ? ": " : " · "));
      if (id) { out.appendChild(ruleLink(id)); out.appendChild(document.createTextNode(" ")); }
      var words = [];
      for (var j = 0; j < lines.length; j++) {
        var tr = document.querySelector('[data-moment-lines] tr[data-line="' + lines[j] + '"]'), st = [];
        if (tr && !tr.getAttribute("data-yong")) tr.setAttribute("data-yong", role);
        if (tr) {
          var s1 = tr.querySelector('[data-slot="strength"]').textContent;
          if (s1) st.push(s1);
          var links = tr.querySelectorAll('[data-slot="rules"] a');
          for (var q = 0; q < links.length; q++) st.push(links[q].textContent);
        }
        words.push(lines[j] + "爻" + (st.length ? " (" + st.join(" ") + ")" : ""));
      }
      out.appendChild(document.createTextNode(words.join(", ")));
    }
  }

  function fillForm() {
    var Y = window.SITEGEN_YI, form = box.querySelector("[data-moment-form]");
    var ri = form.elements.ri, yue = form.elements.yue, yg = form.elements.yong;
    for (var i = 0; i < 60; i++) ri.appendChild(new Option(Y.sixty[i], String(i)));
    for (var j = 0; j < 12; j++) yue.appendChild(new Option(Y.branches[j], String(j)));
    var T = Y.yongshen;
    for (var t = 0; t < T.topics.length; t++) yg.appendChild(new Option(T.labels[t], T.topics[t]));
    form.hidden = false;
    // 보기: the day and month chosen; the moment's own day and month keep the moment (its year and
    // hour) in the address, others replace it.
    form.addEventListener("submit", function (ev) {
      ev.preventDefault();
      var d = +ri.value, m = +yue.value;
      if (moment && moment.d === d && moment.m === m) {
        window.sitegenKeep({ ri: null, yue: null });
        show(d, m, moment.how);
        return;
      }
      moment = null;
      clockChange(null);
      window.sitegenKeep({ at: null, tz: null, day: null, ri: Y.sixty[d], yue: Y.branches[m], yong: yg.value });
      show(d, m, "고른 날과 달:");
    });
    yg.addEventListener("change", function () {
      window.sitegenKeep({ yong: yg.value });
      yong();
    });
    if (p.yong && T.topics.indexOf(p.yong) >= 0) yg.value = p.yong;
  }

  function start() {
    var Y = window.SITEGEN_YI;
    box = document.getElementById("yi-moment");
    if (!box) return;
    fillForm();
    if (withDay) {
      var d = Y.sixty.indexOf(p.ri), m = Y.branches.indexOf(p.yue);
      if (d >= 0 && m >= 0) show(d, m, "고른 날과 달:");
    } else if (withMoment) fromMoment();
    yong();                   // the address's 用神, with or without a day
  }
  function fromMoment() {
    var Y = window.SITEGEN_YI, C = window.SitegenCast, f;
    var dayStarts = p.day === "0" ? 0 : (p.day === "23" ? 23 : window.SITEGEN_CAST.day_starts);
    try {
      f = C.facts(p.at, p.tz || Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC", dayStarts, null, null, p.place);
    } catch (e) {
      if (!(e instanceof C.CastError)) throw e;
      box.querySelector("[data-moment-summary]").textContent = e.message;
      return;
    }
    moment = { d: Y.sixty.indexOf(f.day), m: Y.branches.indexOf(f.month.charAt(1)),
               how: f.at + " " + f.tz + " (" + f.year + "年 " + f.month + "月 " + f.day + "日 " + f.hour + "時):" };
    show(moment.d, moment.m, moment.how);
    clockChange(f.clock_change);
    C.showSun(document, f);                 // the Sun at ?place= (templates/_sun.html)
    window.SITEGEN_YI_FACTS.at = f.at;
  }
  // A skipped or repeated local time: the sentence of its kind (templates/_clock_change.html), as
  // a lesson page says it; a day and month chosen instead (보기) leave the moment and the sentence.
  function clockChange(c) {
    var kinds = box.querySelectorAll("[data-clock-change]");
    for (var i = 0; i < kinds.length; i++) kinds[i].hidden = !c || kinds[i].getAttribute("data-clock-change") !== c.kind;
    var facts = { clock_read_as: c ? c.read_as : "", clock_other: c ? c.other : "" };
    for (var k in facts) {
      var els = box.querySelectorAll('[data-fact="' + k + '"]');
      for (var j = 0; j < els.length; j++) els[j].textContent = facts[k];
    }
  }

  // The tables (and, for a moment, the calendar's tables and script) are fetched from the page's
  // start, side by side; the page is filled once those it needs have run and it has been parsed.
  var p = params(), withDay = !!(p.ri && p.yue), withMoment = !!p.at && !withDay;
  var pending = 1;
  function one() {
    if (--pending) return;
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
    else start();
  }
  function need(ready, id) {
    if (ready) return;
    pending++;
    document.getElementById(id).addEventListener("load", one);
  }
  need(window.SITEGEN_YI, "yi-moment-tables");
  if (withMoment) {
    need(window.SITEGEN_CAST, "yi-moment-calendar");
    need(window.SitegenCast, "yi-moment-cast");
  }
  one();
})();
