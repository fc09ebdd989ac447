/*
 * Boss Quest's pieces of a lesson's frame, drawn before Python has loaded
 * (site/assets/embed.js draws the bar and the players around them): the round
 * chip, the boss and the Magician with his face-down offer, and each player's
 * two face-down weapons, in the board's own classes (bossquest.css), so the
 * first render takes the same place. The lesson's first boss comes from the
 * index (its `preview.bosses`: the listing's `preview` in client.py).
 */
(function () {
  "use strict";

  var WORDS = {
    round: { fr: "Manche 1", en: "Round 1" },
    boss: { fr: "BOSS", en: "BOSS" },
    hp: { fr: "points de vie", en: "hit points" },
    magician: { fr: "Le Magicien", en: "The Magician" },
  };

  function arena(lesson, kit) {
    var say = function (key) {
      return WORDS[key][kit.lang];
    };
    var el = kit.el;
    var root = el("div", "arena");
    var zone = el("section", "zone boss-zone");
    var boss = el("div", "boss-card");
    boss.appendChild(el("span", "boss-title", say("boss")));
    boss.appendChild(kit.icon("boss", "boss-art"));
    boss.appendChild(el("span", "boss-hp", String(lesson.preview.bosses)));
    boss.appendChild(el("span", "boss-hp-label", say("hp")));
    zone.appendChild(boss);
    root.appendChild(zone);
    var magician = el("section", "zone magician-zone");
    var title = el("h3", "zone-title");
    title.appendChild(kit.icon("hat"));
    title.appendChild(document.createTextNode(say("magician")));
    magician.appendChild(title);
    var offer = el("div", "offer");
    var mystery = el("div", "scard scard-back");
    mystery.appendChild(el("span", "scard-q", "?"));
    offer.appendChild(mystery);
    magician.appendChild(offer);
    root.appendChild(magician);
    return root;
  }

  var skeletons = (window.BoardSkeletons = window.BoardSkeletons || {});
  skeletons.bossquest = {
    bar: function (lesson, kit) {
      return kit.el("span", "chip chip-round", WORDS.round[kit.lang]);
    },
    /* the boss and the Magician, when the lesson starts with a boss */
    table: function (lesson, kit) {
      var preview = lesson.preview || {};
      return typeof preview.bosses === "number" ? arena(lesson, kit) : null;
    },
    hand: function (lesson, player, kit) {
      var hand = kit.el("div", "hand");
      hand.appendChild(kit.el("span", "wcard wcard-back"));
      hand.appendChild(kit.el("span", "wcard wcard-back"));
      return hand;
    },
  };
})();
