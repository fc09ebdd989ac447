// A tutorial board's next click, read from the markers the page sets
// (game/web/tutorial.py, site/assets/embed-board.js), for any game and lesson;
// both engine drivers evaluate this one function expression in the page.
// The click, in the order the page itself gives its focus: the lesson's Next
// button; the move it points at after a wrong click ([data-tut-expected]); a
// round's result to leave; else the first move on offer, which the lesson
// plays if it is the one it asks for and answers by pointing at that one if
// not. `sign` changes with every answer of the page.
() => {
  const lesson = document.getElementById("tutorial").dataset;
  const pointed = document.querySelector("[data-tut-expected]");
  const explained = document.querySelector("[data-explain]");
  let target = null;
  if (document.querySelector("#tut-next")) target = "#tut-next";
  else if (pointed) target = "[data-tut-expected]";
  else if (explained) target = null; // a wrong move explained and nothing pointed at: stuck
  else if (document.querySelector("#board-view [data-cmd=continue]")) target = "#board-view [data-cmd=continue]";
  else if (document.querySelector("#actions [data-cmd=act]")) target = "#actions [data-cmd=act]";
  const marks = [lesson.step, lesson.actions, lesson.result, lesson.readerTurn, lesson.done, lesson.problem];
  const sign = [...marks, !!pointed, explained ? explained.textContent : ""].join("/");
  return { done: lesson.done, problem: lesson.problem, actions: lesson.actions, target, sign };
}
