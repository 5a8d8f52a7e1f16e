/* sitegen: the site's one script. Classic script (no modules, no fetch), so it works from file://. */
(function () {
  "use strict";
  var root = document.documentElement;

  function store(key, value) {
    try { if (value) localStorage.setItem(key, value); else localStorage.removeItem(key); } catch (e) {}
  }
  function load(key) {
    try { return localStorage.getItem(key); } catch (e) { return null; }
  }

  // This page's address with some parameters set, in the order given (a null or empty value
  // removes one), every other parameter kept as it was: the choices of a reading live in its URL.
  // The zone's '/', the time's ':' and the numbers' ',' stay legible.
  window.sitegenAddress = function (changes) {
    var kept = location.search.replace(/^\?/, "").split("&").filter(function (kv) {
      return kv && !Object.prototype.hasOwnProperty.call(changes, kv.split("=")[0]);
    });
    for (var k in changes) {
      var v = changes[k];
      if (v === null || v === undefined || v === "") continue;
      kept.push(k + "=" + encodeURIComponent(String(v)).replace(/%2F/g, "/").replace(/%3A/g, ":").replace(/%2C/g, ","));
    }
    return location.pathname + (kept.length ? "?" + kept.join("&") : "") + location.hash;
  };
  window.sitegenKeep = function (changes) {
    try { history.replaceState(null, "", window.sitegenAddress(changes)); } catch (e) {}
    showAddress();
  };

  var toastTimer = null;
  function toast(message) {
    var el = document.querySelector(".toast");
    if (!el) return;
    el.textContent = message;
    el.hidden = false;
    clearTimeout(toastTimer);
    toastTimer = setTimeout(function () { el.hidden = true; }, 1800);
  }

  function copy(text, done) {
    function fallback() {
      var area = document.createElement("textarea");
      area.value = text;
      area.setAttribute("readonly", "");
      area.style.position = "fixed";
      area.style.opacity = "0";
      document.body.appendChild(area);
      area.select();
      var ok = false;
      try { ok = document.execCommand("copy"); } catch (e) {}
      document.body.removeChild(area);
      done(ok);
    }
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(text).then(function () { done(true); }, fallback);
    } else {
      fallback();
    }
  }

  // Theme: light or dark. A click always shows the other one; choosing what the system shows
  // forgets the choice (the page follows the system again). The button shows the mode in use.
  var systemDark = window.matchMedia ? window.matchMedia("(prefers-color-scheme: dark)") : null;
  var themeNames = { light: "밝은 화면", dark: "어두운 화면" };
  function systemTheme() { return systemDark && systemDark.matches ? "dark" : "light"; }
  function currentTheme() { return root.getAttribute("data-theme") || systemTheme(); }
  function showTheme() {
    var now = currentTheme(), other = now === "dark" ? "light" : "dark";
    var buttons = document.querySelectorAll("[data-theme-toggle]");
    for (var i = 0; i < buttons.length; i++) {
      buttons[i].setAttribute("data-mode", now);
      buttons[i].setAttribute("aria-label", "화면 색상: " + themeNames[now] + " (누르면 " + themeNames[other] + ")");
      buttons[i].title = buttons[i].getAttribute("aria-label");
      buttons[i].firstElementChild.textContent = now === "dark" ? "☾" : "☀";
    }
  }
  showTheme();
  if (systemDark && systemDark.addEventListener) systemDark.addEventListener("change", showTheme);
  document.addEventListener("click", function (ev) {
    var t = ev.target.closest("[data-theme-toggle]");
    if (!t) return;
    var next = currentTheme() === "dark" ? "light" : "dark";
    if (next === systemTheme()) root.removeAttribute("data-theme"); else root.setAttribute("data-theme", next);
    store("sitegen-theme", root.getAttribute("data-theme") || "");
    showTheme();
    toast(themeNames[next]);
  });

  // Text view: 原文 only, 번역 only, or both; remembered across pages.
  function setView(view) {
    if (view === "zh" || view === "ko") root.setAttribute("data-view", view); else root.removeAttribute("data-view");
    var buttons = document.querySelectorAll(".view-switch [data-view]");
    for (var i = 0; i < buttons.length; i++) {
      buttons[i].setAttribute("aria-pressed", String(buttons[i].getAttribute("data-view") === (view || "both")));
    }
  }
  setView(load("sitegen-view") || "both");
  document.addEventListener("click", function (ev) {
    var b = ev.target.closest(".view-switch [data-view]");
    if (!b) return;
    var view = b.getAttribute("data-view");
    setView(view);
    store("sitegen-view", view === "both" ? "" : view);
  });

  // Permalinks copy the citable (canonical) URL, also when the page was opened from disk.
  document.addEventListener("click", function (ev) {
    var a = ev.target.closest("a[data-cite]");
    if (a) {
      var url = a.getAttribute("data-cite");
      copy(url, function (ok) { toast(ok ? "영구 주소를 복사했습니다: " + url : url); });
      var box = a.parentNode.querySelector("details.pcite");   // a paragraph's mark opens its citation
      if (box) box.open = true;
      return;
    }
    var c = ev.target.closest("button[data-copy], button[data-copy-before]");
    if (c) {
      var what = c.hasAttribute("data-copy") ? c.getAttribute("data-copy") : c.previousElementSibling.textContent;
      copy(what, function (ok) { toast(ok ? "복사했습니다" : "복사하지 못했습니다"); });
    }
  });

  // A citation carries the day the reader consulted the page, which only the browser knows.
  (function () {
    var d = new Date();
    function pad(n) { return (n < 10 ? "0" : "") + n; }
    var today = d.getFullYear() + "-" + pad(d.getMonth() + 1) + "-" + pad(d.getDate());
    function each(sel, f) { var els = document.querySelectorAll(sel); for (var i = 0; i < els.length; i++) f(els[i]); }
    each(".cite-plain", function (el) { el.textContent += " (접속 " + today + ")"; });
    each(".cite-bibtex", function (el) { el.textContent = el.textContent.replace(/\n\}\s*$/, ",\n  urldate = {" + today + "}\n}"); });
    each(".cite-ris", function (el) { el.textContent = el.textContent.replace(/\nER {2}- ?$/, "\nY2  - " + today.replace(/-/g, "/") + "\nER  - "); });
    each(".cite-csl", function (el) {
      try {
        var items = JSON.parse(el.textContent);
        items[0].accessed = {"date-parts": [[d.getFullYear(), d.getMonth() + 1, d.getDate()]]};
        el.textContent = JSON.stringify(items);
      } catch (e) {}
    });
  })();

  // Day/night arrangement of the twelve generals on lesson pages. The choice is in the URL
  // (?shift=day|night), so a link or a printout says which set it shows; without one, the last
  // choice made here (or the moment's, on a lesson page given one).
  var printUrl = document.querySelector(".print-url"), printed = printUrl ? printUrl.textContent : "";
  // The address of what the page shows, with every choice (its URL's parameters, and the 晝/夜 set
  // when the URL does not say it): in the printout's footer and wherever [data-address] asks.
  function showAddress() {
    var search = location.search, shown = document.querySelector("[data-shift]");
    if (shown && !/[?&]shift=/.test(search)) search += (search ? "&" : "?") + "shift=" + shown.getAttribute("data-shift");
    if (printUrl) printUrl.textContent = printed + search;
    var els = document.querySelectorAll("[data-address]");
    for (var i = 0; i < els.length; i++) els[i].textContent = printed + search;
  }
  function setShift(shift) {
    var charts = document.querySelectorAll("[data-shift]");
    for (var i = 0; i < charts.length; i++) charts[i].setAttribute("data-shift", shift);
    var buttons = document.querySelectorAll("[data-shift-button]");
    for (var j = 0; j < buttons.length; j++) {
      buttons[j].setAttribute("aria-pressed", String(buttons[j].getAttribute("data-shift-button") === shift));
    }
    showAddress();
  }
  window.sitegenSetShift = setShift;
  var url = window.SitegenURL.params();                     // assets/params.js
  if (document.querySelector("[data-shift]")) {
    var urlShift = url.shift === "day" || url.shift === "night" ? url.shift : null;
    setShift(urlShift || (url.at === undefined && load("sitegen-shift")) || "day");
  } else {
    showAddress();
  }
  document.addEventListener("click", function (ev) {
    var b = ev.target.closest("[data-shift-button]");
    if (!b) return;
    var shift = b.getAttribute("data-shift-button");
    store("sitegen-shift", shift);
    window.sitegenKeep({ shift: shift });
    setShift(shift);
  });

  // A link to a folded list (a <details>, or an element holding one) opens it.
  function openTarget() {
    var id = window.SitegenURL.hash();
    var el = id && document.getElementById(id);
    var folded = el && (el.tagName === "DETAILS" ? el : el.querySelector("details"));
    if (folded) folded.open = true;
  }
  openTarget();
  window.addEventListener("hashchange", openTarget);

  // Arriving from a rule (…?hl=phrase#p05): the quoted phrases are marked in that paragraph, as
  // the rule page marks them in its quote. A phrase may run across term links.
  function markQuotes() {
    var id = window.SitegenURL.hash();
    var el = id && document.getElementById(id);
    var zh = el && el.querySelector(".zh");
    if (!zh || zh.querySelector("mark.quoted")) return;
    var phrases = window.SitegenURL.all("hl");
    phrases.forEach(function (phrase) {
      if (!phrase) return;
      var nodes = [], text = "", walker = document.createTreeWalker(zh, NodeFilter.SHOW_TEXT);
      while (walker.nextNode()) { nodes.push([walker.currentNode, text.length]); text += walker.currentNode.data; }
      var start = text.indexOf(phrase), end = start + phrase.length;
      if (start < 0) return;
      nodes.forEach(function (ns) {
        var node = ns[0], from = Math.max(start - ns[1], 0), to = Math.min(end - ns[1], node.data.length);
        if (to <= from) return;
        var part = node.splitText(from);
        part.splitText(to - from);
        var mark = document.createElement("mark");
        mark.className = "quoted";
        part.parentNode.replaceChild(mark, part);
        mark.appendChild(part);
      });
    });
  }
  markQuotes();
  window.addEventListener("hashchange", markQuotes);

  // A † says which classic a rule follows in its title, which a touch screen never shows: a tap
  // (or Enter) writes it beside the mark, a second one takes it away.
  function followsNote(mark) {
    var next = mark.nextElementSibling;
    if (next && next.classList.contains("follows-note")) { next.parentNode.removeChild(next); return; }
    var note = document.createElement("span");
    note.className = "follows-note";
    note.textContent = mark.getAttribute("title");
    mark.parentNode.insertBefore(note, mark.nextSibling);
  }
  document.addEventListener("click", function (ev) {
    var mark = ev.target.closest && ev.target.closest("abbr.follows");
    if (mark) followsNote(mark);
  });
  document.addEventListener("keydown", function (ev) {
    if (ev.key === "Enter" && ev.target.matches && ev.target.matches("abbr.follows")) followsNote(ev.target);
  });

  // Keyboard: '/' focuses search; '[' and ']' (or j/k) go to the previous/next page.
  document.addEventListener("keydown", function (ev) {
    if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
    var tag = (ev.target.tagName || "").toLowerCase();
    if (tag === "input" || tag === "textarea" || tag === "select" || ev.target.isContentEditable) return;
    if (ev.key === "/") {
      var q = document.getElementById("site-q") || document.getElementById("search-q");
      if (q) { ev.preventDefault(); q.focus(); }
    } else if (ev.key === "[" || ev.key === "]") {
      var link = document.querySelector(ev.key === "[" ? "a[rel~=prev]" : "a[rel~=next]");
      if (link) { ev.preventDefault(); link.click(); }
    }
  });
})();
