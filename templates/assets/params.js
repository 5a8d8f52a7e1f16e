/* sitegen: the one way the site's scripts read the page's address: its ?parameters and its #hash.
   Classic script (no modules, no fetch), so it works from file://; loaded in every page's head,
   before any script that reads the address. A value is decoded ('+' a space, %XX escapes); one
   whose escapes are malformed (%E0%A4%A, a lone %) is handed on as written, and one longer than
   MAX characters is cut there (and marked with '…'; the escapes of no more than 12 × MAX
   characters of the address are read), so that every reader meets it as any other bad value
   (it names it and goes on) instead of stopping on "URI malformed" or working on 100 KB. */
window.SitegenURL = (function () {
  "use strict";
  var MAX = 200;

  function decode(text) {
    var cut = text.length > 12 * MAX, value = cut ? text.slice(0, 12 * MAX) : text;  // %XX×4 a character
    try { value = decodeURIComponent(value.replace(/\+/g, " ")); } catch (e) { /* as written */ }
    return cut || value.length > MAX ? value.slice(0, MAX) + "…" : value;
  }
  // Every parameter in order, as [name, value].
  function pairs() {
    var out = [], q = location.search.replace(/^\?/, "").split("&");
    for (var i = 0; i < q.length; i++) {
      if (!q[i]) continue;
      var eq = q[i].indexOf("=");
      out.push(eq < 0 ? [decode(q[i]), ""] : [decode(q[i].slice(0, eq)), decode(q[i].slice(eq + 1))]);
    }
    return out;
  }
  // The parameters as an object: a name given twice keeps its last value.
  function params() {
    var out = {}, p = pairs();
    for (var i = 0; i < p.length; i++) out[p[i][0]] = p[i][1];
    return out;
  }
  // Every value of the parameter ``name`` (such as the phrases of ?hl=…&hl=…).
  function all(name) {
    var out = [], p = pairs();
    for (var i = 0; i < p.length; i++) if (p[i][0] === name) out.push(p[i][1]);
    return out;
  }
  // The #hash without its '#', decoded ("" when there is none).
  function hash() { return decode(location.hash.replace(/^#/, "")); }

  return { params: params, all: all, hash: hash, MAX: MAX };
})();
