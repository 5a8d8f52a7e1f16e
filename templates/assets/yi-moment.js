/* sitegen: a change or hexagram page read in its day and month (日辰·月建).
   Classic script (no modules, no fetch), so it works from file://. It computes nothing the build
   has not: every fact is looked up in window.SITEGEN_YI (yi/moment.js, the yi-moment rules
   evaluated by the build for every 日辰 × 月建 × branch); a moment (?at=&tz=) is read by the cast
   page's script (cast.js with cast/tables.js). */
(function () {
  "use strict";

  var box = document.getElementById("yi-moment");
  if (!box) return;

  function load(src, done) {
    var s = document.createElement("script");
    s.src = src;
    s.onload = done;
    document.head.appendChild(s);
  }
  function params() {
    var out = {}, q = location.search.replace(/^\?/, "").split("&");
    for (var i = 0; i < q.length; i++) {
      if (!q[i]) continue;
      var kv = q[i].split("=");
      out[decodeURIComponent(kv[0])] = decodeURIComponent((kv[1] || "").replace(/\+/g, " "));
    }
    return out;
  }
  function el(tag, text, cls) {
    var e = document.createElement(tag);
    if (text) e.textContent = text;
    if (cls) e.className = cls;
    return e;
  }

  // The rules that hold on each line of this page on day d (甲子 = 0) in the month m (子 = 0).
  function lineFacts(d, m) {
    var Y = window.SITEGEN_YI, row = Y.days[d * 12 + m], out = [];
    var rows = document.querySelectorAll("[data-moment-lines] tr[data-line]");
    for (var i = 0; i < rows.length; i++) {
      var tr = rows[i], line = +tr.getAttribute("data-line"), b = +tr.getAttribute("data-branch");
      var to = tr.getAttribute("data-to"), pal = Y.palette[row[b]];
      var mask = to === null ? pal[0] : pal[1];
      if (to !== null) mask |= Y.palette[row[+to]][2];
      var ids = [];
      for (var k = 0; k < Y.rules.length; k++) if (mask & (1 << k)) ids.push(Y.rules[k]);
      var strength = "";
      for (var s in Y.strength_ids) if (ids.indexOf(Y.strength_ids[s]) >= 0) strength = s;
      out.push({ tr: tr, line: line, liushen: Y.liushen[d % 10][line - 1], strength: strength,
                 month_broken: ids.indexOf("yi-yue-po") >= 0, rule_ids: ids });
    }
    return out;
  }

  function show(d, m, how) {
    var Y = window.SITEGEN_YI, root = box.getAttribute("data-root");
    var facts = lineFacts(d, m), strengthIds = [];
    for (var s in Y.strength_ids) strengthIds.push(Y.strength_ids[s]);
    for (var i = 0; i < facts.length; i++) {
      var f = facts[i], tr = f.tr;
      tr.querySelector('[data-slot="liushen"]').textContent = f.liushen;
      tr.querySelector('[data-slot="strength"]').textContent = f.strength;
      var slot = tr.querySelector('[data-slot="rules"]');
      slot.textContent = "";
      for (var k = 0; k < f.rule_ids.length; k++) {
        var id = f.rule_ids[k];
        if (strengthIds.indexOf(id) >= 0) continue;
        var a = el("a", Y.names[id]);
        a.setAttribute("href", root + Y.hrefs[id]);
        a.setAttribute("lang", "zh-Hant");
        slot.appendChild(a);
      }
      tr.classList.toggle("is-broken", f.month_broken);
    }
    box.querySelector("[data-moment-summary]").textContent =
      how + " 日辰 " + Y.sixty[d] + " · 月建 " + Y.branches[m] + " · 旬空 " + Y.void[d];
    var form = box.querySelector("[data-moment-form]");
    form.elements.ri.value = String(d);
    form.elements.yue.value = String(m);
    document.documentElement.setAttribute("data-moment", Y.sixty[d] + Y.branches[m]);
    window.SITEGEN_YI_FACTS = data(d, m, facts);
    yong();
    // How long the answer took since the page's file arrived (as the cast page reports it).
    var nav = performance.getEntriesByType ? performance.getEntriesByType("navigation")[0] : null;
    if (nav) document.documentElement.setAttribute("data-moment-page-ms", String(Math.round(performance.now() - nav.responseStart)));
  }

  // The facts of this change on day d in month m, as `sitegen cast --json` names them.
  function data(d, m, facts) {
    var Y = window.SITEGEN_YI;
    return {
      day: Y.sixty[d], month_branch: Y.branches[m], void: Y.void[d].split(""),
      lines: (facts || lineFacts(d, m)).map(function (f) {
        return { line: f.line, liushen: f.liushen, strength: f.strength, month_broken: f.month_broken,
                 rule_ids: f.rule_ids };
      }).sort(function (a, b) { return a.line - b.line; })
    };
  }
  window.SitegenYi = { facts: data };

  // The 用神 of the chosen topic: its line(s), 原神 and 忌神 (the build's, per topic), marked.
  function yong() {
    var form = box.querySelector("[data-moment-form]"), topic = form.elements.yong.value;
    var data = JSON.parse(box.getAttribute("data-yongshen")), out = box.querySelector("[data-moment-yong]");
    var rows = document.querySelectorAll("[data-moment-lines] tr[data-line]");
    for (var i = 0; i < rows.length; i++) rows[i].removeAttribute("data-yong");
    out.textContent = "";
    if (!topic || !data[topic]) return;
    var y = data[topic], marks = [["yong", y.yong, "用神"], ["fu", y.fu, "用神(伏)"], ["yuan", y.yuan, "原神"], ["ji", y.ji, "忌神"]];
    var words = [];
    for (var k = 0; k < marks.length; k++) {
      for (var j = 0; j < marks[k][1].length; j++) {
        var tr = document.querySelector('[data-moment-lines] tr[data-line="' + marks[k][1][j] + '"]');
        if (tr && !tr.getAttribute("data-yong")) tr.setAttribute("data-yong", marks[k][0]);
        var st = [];
        if (tr) {
          // its state that day: the strength and the day's and month's rules on it (shown in its row)
          var s1 = tr.querySelector('[data-slot="strength"]').textContent;
          if (s1) st.push(s1);
          var links = tr.querySelectorAll('[data-slot="rules"] a');
          for (var q = 0; q < links.length; q++) st.push(links[q].textContent);
        }
        words.push(marks[k][2] + " " + marks[k][1][j] + "爻" + (st.length ? " (" + st.join(" ") + ")" : ""));
      }
    }
    out.textContent = topic + " 用神 (" + (y.yong_liuqin || "") + "): " + (words.join(" · ") || "卦에 없음");
  }

  function fillForm() {
    var Y = window.SITEGEN_YI, form = box.querySelector("[data-moment-form]");
    var ri = form.elements.ri, yue = form.elements.yue, yg = form.elements.yong;
    for (var i = 0; i < 60; i++) ri.appendChild(new Option(Y.sixty[i], String(i)));
    for (var j = 0; j < 12; j++) yue.appendChild(new Option(Y.branches[j], String(j)));
    var topics = JSON.parse(box.getAttribute("data-yongshen"));
    for (var t in topics) yg.appendChild(new Option(t, t));
    form.hidden = false;
    form.addEventListener("submit", function (ev) {
      ev.preventDefault();
      var d = +ri.value, m = +yue.value;
      try {
        history.replaceState(null, "", location.pathname + "?ri=" + encodeURIComponent(Y.sixty[d]) +
                             "&yue=" + encodeURIComponent(Y.branches[m]));
      } catch (e) {}
      show(d, m, "고른 날과 달:");
    });
    yg.addEventListener("change", yong);
  }

  function start() {
    var Y = window.SITEGEN_YI;
    fillForm();
    if (p.ri && p.yue) {
      var d = Y.sixty.indexOf(p.ri), m = Y.branches.indexOf(p.yue);
      if (d >= 0 && m >= 0) show(d, m, "고른 날과 달:");
      return;
    }
    if (p.at) one();
  }
  function fromMoment() {
    var Y = window.SITEGEN_YI, C = window.SitegenCast, f;
    var dayStarts = p.day === "0" ? 0 : (p.day === "23" ? 23 : window.SITEGEN_CAST.day_starts);
    try {
      f = C.facts(p.at, p.tz || Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC", dayStarts);
    } catch (e) {
      if (!(e instanceof C.CastError)) throw e;
      box.querySelector("[data-moment-summary]").textContent = e.message;
      return;
    }
    show(Y.sixty.indexOf(f.day), Y.branches.indexOf(f.month.charAt(1)),
         f.at + " " + f.tz + " (" + f.year + "年 " + f.month + "月 " + f.day + "日 " + f.hour + "時):");
    window.SITEGEN_YI_FACTS.at = f.at;
  }

  // The tables (and, for a moment, the calendar's tables and script) load side by side; the
  // moment is read once all three are in.
  var p = params(), pending = p.at && !(p.ri && p.yue) ? 3 : 1;
  function one() { if (--pending === 0) fromMoment(); }
  if (pending === 3) {
    if (window.SITEGEN_CAST) one(); else load(box.getAttribute("data-cast-tables"), one);
    if (window.SitegenCast) one(); else load(box.getAttribute("data-cast-js"), one);
  }
  if (window.SITEGEN_YI) start(); else load(box.getAttribute("data-yi-tables"), start);
})();
