/* sitegen search: runs in the page over window.SITEGEN_SEARCH (loaded by a classic <script src>),
   so it works from file:// as well as served. No fetch, no modules. */
(function () {
  "use strict";
  var DATA = window.SITEGEN_SEARCH;
  var form = document.getElementById("search-form");
  var input = document.getElementById("search-q");
  var status = document.getElementById("search-status");
  var list = document.getElementById("search-results");
  if (!DATA || !form || !input || !list) return;

  var ROOT = "../";   // the search page sits one folder below the site root
  var KIND = { s: "안내", r: "규칙", g: "용어", t: "원전", p: "단락", l: "과", d: "날", h: "괘", c: "변괘", b: "책" };
  var PRIORITY = { l: 0, c: 0, b: 1, h: 1, d: 1, r: 2, g: 2, s: 3, t: 3, p: 4 };
  var CN = ["", "一", "二", "三", "四", "五", "六", "七", "八", "九", "十", "十一", "十二"];
  var NUM = { "一": 1, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9, "十": 10, "十一": 11, "十二": 12 };

  // Fold traditional to simplified and Latin to lower case, character by character, so offsets in
  // the folded text are offsets in the original.
  var T2S = {};
  for (var i = 0; i + 1 < DATA.t2s.length; i += 2) T2S[DATA.t2s.charAt(i)] = DATA.t2s.charAt(i + 1);
  function fold(s) {
    var out = "";
    for (var k = 0; k < s.length; k++) {
      var ch = s.charAt(k);
      out += T2S[ch] || ch.toLowerCase();
    }
    return out;
  }

  var docs = DATA.docs.map(function (d, n) {
    return { kind: d[0], title: d[1], sub: d[2], href: d[3], body: d[4], order: n,
             key: fold(d[1] + "\n" + d[4]), tkey: fold(d[1]) };
  });
  // Every word of a document's title: a hexagram's short name that is also a rule's name (訟) is
  // looked for among the documents too.
  var titleWords = {};
  docs.forEach(function (doc) { doc.tkey.split(" ").forEach(function (w) { titleWords[w] = true; }); });

  // The reader's words (content/search.yaml): a name with or without its ending (元首課 = 元首),
  // and the synonyms of a printed name (공망 = 旬空). Each token stands for these forms, folded.
  var SUFFIXES = DATA.suffixes || ["", ""], SYN = {};
  for (var w in (DATA.synonyms || {})) SYN[fold(w)] = fold(DATA.synonyms[w]);
  // hexagram: a hexagram's ending, which may leave one character (乾卦 = 乾); else any ending,
  // leaving two at least.
  function forms(tok, hexagram) {
    var f = fold(tok), out = [f], last = tok.charAt(tok.length - 1);
    if (hexagram ? f.length > 1 && SUFFIXES[1].indexOf(last) >= 0
                 : f.length > 2 && (SUFFIXES[0] + SUFFIXES[1]).indexOf(last) >= 0) out.push(f.slice(0, -1));
    for (var k = 0, n = out.length; k < n; k++) if (SYN[out[k]] && out.indexOf(SYN[out[k]]) < 0) out.push(SYN[out[k]]);
    return out;
  }

  function bigrams(s) {
    var out = [];
    for (var k = 0; k + 1 < s.length; k++) out.push(s.substr(k, 2));
    return out;
  }

  // Lessons: a day (干支 in Hanja, Hangul or pinyin) and a plate (第八局, 8국, 제8국, 8).
  var dayIndex = {};
  DATA.days.forEach(function (d, n) {
    [d[0], d[1], d[2], d[2].replace("-", "")].forEach(function (k) { dayIndex[fold(k)] = n; });
  });
  var hexIndex = {};
  function addHex(k, n) { k = fold(k); (hexIndex[k] = hexIndex[k] || []).indexOf(n) < 0 && hexIndex[k].push(n); }
  DATA.hexes.forEach(function (h, n) {
    addHex(h[1], n); addHex(h[2], n); addHex(h[3], n); addHex(h[4], n); addHex(String(h[0]), n);
    if (h[0] < 10) addHex("0" + h[0], n);
    h[5].split(" ").forEach(function (p) { addHex(p, n); addHex(p.replace("-", ""), n); });
  });
  // The names readers write that the site does not print (天風, 천풍; 重天乾, 중천건): a token found
  // only here is looked for among the documents too (천화 is 天火 and a rule's name).
  var hexAlso = {};
  DATA.hexes.forEach(function (h, n) {
    for (var k = 7; k < h.length; k++) hexAlso[fold(h[k])] = [n];
  });
  function hexesOf(tok) {
    var fs = forms(tok, true);
    for (var k = 0; k < fs.length; k++) if (hexIndex[fs[k]]) return hexIndex[fs[k]];
    for (k = 0; k < fs.length; k++) if (hexAlso[fs[k]]) { var g = hexAlso[fs[k]].slice(); g.also = true; return g; }
    return null;
  }

  function plateOf(tok) {
    var m = /^(?:第|제)?([0-9]{1,2}|十[一二]?|[一二三四五六七八九])(?:局|국)?$/.exec(tok);
    if (!m) return 0;
    var n = NUM[m[1]] || parseInt(m[1], 10);
    return n >= 1 && n <= 12 ? n : 0;
  }
  function pad(n) { return (n < 10 ? "0" : "") + n; }

  // The forms the site shows: 丙寅日 第八局 (干上子), 병인일 제8국 (간상자), 乾為天 → 天風姤, 乾→姤 …
  function structured(tokens) {
    var day = -1, plate = 0, hexes = [], rest = [];
    tokens.forEach(function (tok) {
      var f = fold(tok);
      var m = /^(.{2})(?:日|일)?(.*)$/.exec(tok);
      if (/^[(（]?(?:干上|간상)/.test(tok)) return;   // a lesson's 干上 in its title: the day and plate say it
      if (dayIndex[f] !== undefined && day < 0) { day = dayIndex[f]; return; }
      if (m && day < 0 && dayIndex[fold(m[1])] !== undefined && (m[2] === "" || plateOf(m[2]))) {
        day = dayIndex[fold(m[1])]; if (m[2]) plate = plateOf(m[2]); return;
      }
      if (plateOf(tok) && !plate && (day >= 0 || /[第제局국]/.test(tok))) { plate = plateOf(tok); return; }
      var hx = hexesOf(tok);
      if (hx) {
        // "01 乾為天" (a number, then the name of the same hexagram) is one hexagram, not a change.
        var last = hexes[hexes.length - 1];
        if (last && last.number && last.length === 1 && hx.indexOf(last[0]) >= 0) {
          hexes[hexes.length - 1] = [last[0]];
          return;
        }
        var group = hx.slice();
        group.number = /^[0-9]+$/.test(tok);
        hexes.push(group);
        if (hx.also || titleWords[f]) rest.push(tok);
        return;
      }
      rest.push(tok);
    });
    var found = [];
    if (day >= 0) {
      var d = DATA.days[day], row = DATA.lessons[day];
      var plates = plate ? [plate] : [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
      if (!plate) found.push({ kind: "d", title: d[0] + "日 " + d[1] + "일", sub: "12국",
                               href: "liuren/" + d[2] + "/index.html", score: 1000 });
      plates.forEach(function (p) {
        var info = row[p - 1].split("|");
        found.push({ kind: "l", title: d[0] + "日 第" + CN[p] + "局 (干上" + info[0].charAt(0) + ")",
                     sub: d[1] + "일 제" + p + "국 · 三傳 " + info[0].substr(1) + " · " + info[1],
                     href: "liuren/" + d[2] + "/" + pad(p) + "/index.html", score: 900 - p });
      });
    }
    if (hexes.length >= 2) {
      hexes[0].forEach(function (a) {
        hexes[1].forEach(function (b) {
          var A = DATA.hexes[a], B = DATA.hexes[b];
          found.push({ kind: "c", title: A[2] + " → " + B[2], sub: A[3] + " → " + B[3],
                       href: "yi/" + pad(A[0]) + "/" + pad(B[0]) + "/index.html", score: 950 });
        });
      });
    }
    hexes.forEach(function (group) {
      group.forEach(function (n) {
        var H = DATA.hexes[n];
        found.push({ kind: "h", title: pad(H[0]) + " " + H[2], sub: H[3] + " · " + H[1] + " " + H[4],
                     href: "yi/" + pad(H[0]) + "/index.html", score: 800 });
      });
    });
    return { found: found, rest: rest, used: day >= 0 || hexes.length > 0 };
  }

  // A document matches on its title and body (key = title + "\n" + body); the snippet is cut from
  // the body, so what it highlights is looked for in the body alone (from `off` in key).
  // toks: each token's forms (see forms()); a token scores by its best form.
  function scoreDoc(doc, toks) {
    var total = 0, first = -1, len = 0;
    for (var k = 0; k < toks.length; k++) {
      var best = null;
      for (var j = 0; j < toks[k].length; j++) {
        var r = scoreForm(doc, toks[k][j]);
        if (r && (!best || r.score > best.score)) best = r;
      }
      if (!best) return null;
      total += best.score;
      if (first < 0 && best.at >= 0) { first = best.at; len = best.len; }
    }
    return { score: total, at: first, len: len };
  }
  function scoreForm(doc, t) {
    var off = doc.tkey.length + 1;
    if (doc.key.indexOf(t) >= 0) {
      var inBody = doc.key.indexOf(t, off);
      var tk = doc.tkey, named = tk === t || tk.indexOf(t + " ") === 0 || tk.slice(-t.length - 1) === " " + t;
      return { score: 10 * t.length + (tk.indexOf(t) >= 0 ? 40 : 0) + (named ? 30 : 0),
               at: inBody >= 0 ? inBody - off : -1, len: t.length };
    }
    if (t.length < 3) return null;
    var grams = bigrams(t), hit = 0, firstGram = -1;
    for (var g = 0; g < grams.length; g++) {
      if (doc.key.indexOf(grams[g]) >= 0) {
        hit++;
        var pos = doc.key.indexOf(grams[g], off);
        if (firstGram < 0 && pos >= 0) firstGram = pos - off;
      }
    }
    if (hit / grams.length < 0.6) return null;
    return { score: 6 * hit, at: firstGram, len: 2 };
  }

  function search(q) {
    var tokens = q.split(/(?:[\s,·→⟶]|->)+/).filter(Boolean);
    if (!tokens.length) return [];
    var s = structured(tokens);
    var results = s.found.slice();
    if (s.rest.length || !s.used) {
      var toks = (s.used ? s.rest : tokens).map(function (t) { return forms(t); });
      docs.forEach(function (doc) {
        var r = scoreDoc(doc, toks);
        if (r) results.push({ kind: doc.kind, title: doc.title, sub: doc.sub, href: doc.href,
                              body: doc.body, at: r.at, len: r.len, score: r.score, order: doc.order });
      });
    }
    results.sort(function (a, b) {
      return (b.score - a.score) || (PRIORITY[a.kind] - PRIORITY[b.kind]) || ((a.order || 0) - (b.order || 0));
    });
    return results;
  }

  function snippet(r) {
    var frag = document.createDocumentFragment();
    if (!r.body) return frag;
    if (r.at < 0) {                     // matched in the title only: the body's beginning, unmarked
      var head = r.body.replace(/\n/g, " ");
      frag.appendChild(document.createTextNode(head.slice(0, 100) + (head.length > 100 ? "…" : "")));
      return frag;
    }
    var start = Math.max(0, r.at - 40), end = Math.min(r.body.length, r.at + r.len + 60);
    var body = r.body.replace(/\n/g, " ");
    if (start > 0) frag.appendChild(document.createTextNode("…"));
    frag.appendChild(document.createTextNode(body.slice(start, r.at)));
    var mark = document.createElement("mark");
    mark.textContent = body.slice(r.at, r.at + r.len);
    frag.appendChild(mark);
    frag.appendChild(document.createTextNode(body.slice(r.at + r.len, end)));
    if (end < body.length) frag.appendChild(document.createTextNode("…"));
    return frag;
  }

  var LIMIT = 60;
  function show(q) {
    list.textContent = "";
    var results = search(q);
    status.textContent = q ? ("「" + q + "」: " + results.length + "건" + (results.length > LIMIT ? " (앞 " + LIMIT + "건)" : "")) : "";
    results.slice(0, LIMIT).forEach(function (r) {
      var li = document.createElement("li");
      li.className = "result kind-" + r.kind;
      var badge = document.createElement("span");
      badge.className = "kind";
      badge.textContent = KIND[r.kind];
      var a = document.createElement("a");
      a.href = ROOT + r.href;
      a.textContent = r.title;
      a.setAttribute("lang", "zh-Hant");
      li.appendChild(badge);
      li.appendChild(document.createTextNode(" "));
      li.appendChild(a);
      var sub = document.createElement("span");
      sub.className = "sub";
      sub.textContent = " " + r.sub;
      li.appendChild(sub);
      if (r.body) {
        var p = document.createElement("p");
        p.className = "snippet";
        p.appendChild(snippet(r));
        li.appendChild(p);
      }
      list.appendChild(li);
    });
  }

  function fromLocation() {
    return window.SitegenURL.params().q || "";              // assets/params.js: safe and bounded
  }

  form.addEventListener("submit", function (ev) {
    ev.preventDefault();
    var q = input.value.trim();
    show(q);
    if (window.history && window.history.replaceState) {
      try { window.history.replaceState(null, "", "?q=" + encodeURIComponent(q)); } catch (e) {}
    }
  });
  var initial = fromLocation();
  if (initial) { input.value = initial; show(initial); }
  window.SITEGEN_SEARCH_RUN = search;   // for tests
  window.SITEGEN_SEARCH_FOLD = fold;
})();
