/*
 * The rules pages' address: rules.html?game=NAME (a link of the game's menu,
 * or one shared before each game had its page) opens that game's own page,
 * rules-NAME.html, keeping the other parameters and the #section. Runs at
 * once in <head>, before the page is drawn. A game without a rules page
 * stays here, and rules.js says so (#rules-notice). Without JavaScript,
 * rules.html is the default game's page and every link names the page itself.
 */
(function () {
  "use strict";

  var data = null;
  try {
    data = JSON.parse(document.getElementById("rules-page").textContent);
  } catch (e) {
    return;
  }
  var params = new URLSearchParams(window.location.search);
  var asked = params.get("game");
  if (!asked || !data || asked === data.game || (data.pages || []).indexOf(asked) < 0) return;
  params.delete("game");
  var query = params.toString();
  window.location.replace(
    "rules-" + encodeURIComponent(asked) + ".html" + (query ? "?" + query : "") + window.location.hash
  );
})();
