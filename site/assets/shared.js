/*
 * Boss Quest: what every page needs before Python, written once (index.html,
 * embed.html, replay.html and rules.html load it before their own script).
 *
 * window.BossQuestShared = {
 *   load(key), save(key, value)   localStorage that never throws: storage may be
 *                                 off (private mode, policy) or, in an iframe on
 *                                 another site, partitioned or blocked
 *   browserLanguage(langs, key)   the choice saved under `key` if it is one of
 *                                 `langs`, else the browser's first of them, else "en"
 *   describe(error)               an error's stack or message, as text
 *   watchLoading(fail)            any error or rejected promise while
 *                                 html[data-state] is "loading" calls fail(detail):
 *                                 the runtime did not start
 * }
 */
(function () {
  "use strict";

  var root = document.documentElement;

  function load(key) {
    try {
      return window.localStorage.getItem(key);
    } catch (e) {
      return null; // nothing remembered: the page still works
    }
  }

  function save(key, value) {
    try {
      window.localStorage.setItem(key, value);
    } catch (e) {
      /* not remembered, nothing more */
    }
  }

  function browserLanguage(langs, key) {
    var saved = key ? load(key) : null;
    if (langs.indexOf(saved) >= 0) return saved;
    var wanted = navigator.languages || [navigator.language || ""];
    for (var i = 0; i < wanted.length; i++) {
      var code = String(wanted[i]).slice(0, 2).toLowerCase();
      if (langs.indexOf(code) >= 0) return code;
    }
    return "en";
  }

  function describe(value) {
    if (value && value.stack) return String(value.stack);
    if (value && value.message) return String(value.message);
    return String(value);
  }

  function watchLoading(fail) {
    window.addEventListener(
      "error",
      function (event) {
        if (root.dataset.state !== "loading") return;
        var target = event.target;
        if (target && target !== window && (target.src || target.href)) {
          fail("Could not load " + (target.src || target.href));
        } else {
          fail(event.error ? describe(event.error) : event.message);
        }
      },
      true,
    );
    window.addEventListener("unhandledrejection", function (event) {
      if (root.dataset.state === "loading") fail(describe(event.reason));
    });
  }

  window.BossQuestShared = {
    load: load,
    save: save,
    browserLanguage: browserLanguage,
    describe: describe,
    watchLoading: watchLoading,
  };
})();
