/*
 * The Boss's piece of a lesson's frame, drawn before Python has loaded
 * (site/assets/embed.js draws the bar and the players around it): the round
 * chip. The hands wait for the board itself: their backs show their cities.
 */
(function () {
  "use strict";

  var ROUND = { fr: "Manche 1", en: "Round 1" };

  var skeletons = (window.BoardSkeletons = window.BoardSkeletons || {});
  skeletons.theboss = {
    bar: function (lesson, kit) {
      return kit.el("span", "chip chip-round", ROUND[kit.lang]);
    },
  };
})();
