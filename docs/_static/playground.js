// The Play page: menus, the board and the move list in plain JavaScript; the rules run in the web
// worker (playground-worker.js), which runs castlerules under Pyodide. The URL contract:
// play.html#game=G&players=N&readings=ID=OPT,...&ruleset=R&options=JSON&position=TEXT&moves=M1;M2
// &seats=...&think=SECONDS&delay=SECONDS
// (the same after "?") opens G and plays the moves; then #status reads "ready" and #position holds
// the position text. The address bar keeps the set-up in its hash; a new hash (a second "try it"
// link opening in this window) sets up that game without starting Python again.

const $ = (id) => document.getElementById(id);
const worker = new Worker(new URL("_static/playground-worker.js", document.baseURI), { type: "module" });
const manifest = fetch(new URL("_play/manifest.json", document.baseURI), { cache: "no-cache" })
  .then((r) => { if (!r.ok) throw new Error(`manifest.json: ${r.status}`); return r.json(); });
const waiting = new Map();
const SEAT_KINDS = ["human", "random", "mcts"];
//: The most seats a link may name (no game has more players).
const MAX_SEATS = 8;
//: Above this many legal moves that all have squares, the moves are made on the board only.
const MAX_BUTTONS = 12;
let nextId = 1;
let pending = 0;
let catalog = [];
let view = null;
let prefix = [];
let timer = null;
let race = null;          // a Vlotte Geesten round being raced: {id, due: Map(player -> ms)}
let ownHash = "";         // the hash this page wrote last (a different one is a new link)
let era = 0;              // a new game starts a new era: answers about an older game are dropped
let openedCount = 0;
let legendOpen = null;    // the reader's choice, once they open or fold the legend
const narrow = window.matchMedia("(max-width: 52em)");
const cfg = { game: "splut", players: null, readings: "", ruleset: "", options: "", position: "", seats: [], auto: true };

// data-busy: "1" while the worker answers or a bot or a roll is due; data-working: the requests
// the worker has not answered yet; data-opened: how many links (or New games) have opened.
function busy(delta) {
  pending += delta;
  document.documentElement.dataset.busy = pending > 0 ? "1" : "0";
}

function call(cmd, args = {}) {
  const id = nextId++;
  busy(1);
  document.documentElement.dataset.working = String(waiting.size + 1);
  return new Promise((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    worker.postMessage({ id, request: JSON.stringify({ cmd, args }) });
  }).finally(() => { busy(-1); document.documentElement.dataset.working = String(waiting.size); });
}

let loadedResolve, loadedReject;
const loaded = new Promise((res, rej) => { loadedResolve = res; loadedReject = rej; });

worker.onmessage = (event) => {
  const data = event.data;
  if (data.loaded) { loadedResolve(data.loaded); return; }
  if (data.failed) { loadedReject(new Error(data.failed)); return; }
  const entry = waiting.get(data.id);
  if (!entry) return;
  waiting.delete(data.id);
  // Python itself failed (it should not): the page says so and stays usable where it can.
  if (data.failure) entry.resolve({ error: { kind: "failure", message: `Python in the page failed: ${data.failure.slice(0, 300)}` } });
  else entry.resolve({ ...JSON.parse(data.answer), ms: data.ms });
};
worker.onerror = (event) => loadedReject(new Error(event.message || "the worker failed to start"));

// -- what the page shows ----------------------------------------------------------------------

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") node.className = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v);
  }
  for (const child of children) node.append(child);
  return node;
}

//: What each kind of library error means, in words (the message says the rest).
const ERROR_WORDS = {
  ParseError: "That is not something the notation can read",
  InvalidActionError: "That is not a move of this game",
  InvalidStateError: "That is not a valid position",
  InvalidOptionError: "That is not a set-up of this game",
  RecordError: "The record does not replay",
  SpecError: "The rulebook's data does not allow that",
  RequestError: "The library refused a request",
  RulesError: "That cannot be done",
  failure: "Something went wrong",
};

function showError(error, move) {
  const box = $("error");
  box.replaceChildren();
  if (!error) { box.hidden = true; return; }
  box.hidden = false;
  const close = el("button", { type: "button", class: "cr-close", "aria-label": "close", onclick: () => showError(null) }, "×");
  box.append(close);
  if (error.clause) {
    box.append(el("p", { class: "cr-error-en" }, `Illegal${move ? ` (${move})` : ""}: ${error.en}`));
    box.append(el("p", {}, "Rule ", el("code", { class: "cr-clause" }, error.clause), error.rule ? `: ${error.rule}` : "", " In Dutch:"));
    box.append(el("blockquote", { lang: "nl", class: "cr-nl" }, error.nl));
  } else {
    const where = error.ply !== undefined ? ` at move ${error.ply + 1}${error.move ? ` (${error.move})` : ""}`
      : move ? ` (${move})` : "";
    const words = ERROR_WORDS[error.kind] || "That did not work";
    box.append(el("p", {}, `${words}${where}: ${error.message}`));
  }
}

function seatKind(p) { return cfg.seats[p] || (p === 0 ? "human" : "mcts"); }
// A seat as the game names it: p0, yellow, p1 (West).
function who(p) { return view && view.names && view.names[p] ? view.names[p] : `p${p}`; }
function humans() { return [...Array(view ? view.players : 0).keys()].filter((p) => seatKind(p) === "human"); }
function humanMoves() { return view ? view.legal.filter((m) => seatKind(m.player) === "human") : []; }
function startsWith(squares, pre) { return pre.every((q, i) => squares[i] === q); }
function allBots() { return humans().length === 0; }

function decorate() {
  const svg = $("board").querySelector("svg");
  if (!svg) return;
  const moves = humanMoves().filter((m) => m.squares.length > prefix.length && startsWith(m.squares, prefix));
  const next = new Set(moves.map((m) => m.squares[prefix.length]));
  for (const rect of svg.querySelectorAll("[data-square]")) {
    const q = rect.dataset.square;
    rect.classList.toggle("cr-next", next.has(q));
    rect.classList.toggle("cr-selected", prefix.includes(q));
    rect.classList.toggle("cr-last", view.last.includes(q));
  }
  const grabbing = new Set(grabMoves().map((m) => m.object));
  for (const g of svg.querySelectorAll("[data-object]")) g.classList.toggle("cr-grab", grabbing.has(g.dataset.object));
}

// The Vlotte Geesten race: every person at this screen still to act grabs by click or key. The
// first grabs with the objects' letters (P passes) and a click on the picture, the second with
// 1-5 (0 passes), any other by their own buttons.
const SECOND_KEYS = ["1", "2", "3", "4", "5"];
function grabbers() { return view ? view.actors.filter((p) => seatKind(p) === "human") : []; }
function grabber() { return grabbers()[0]; }
function grabMoves(p = grabber()) {
  return p === undefined || !view.objects.length ? [] : view.legal.filter((m) => m.player === p && m.object);
}
function passMove(p = grabber()) {
  return p === undefined ? undefined : view.legal.find((m) => m.player === p && m.label === "pass");
}

function moveButton(m) {
  return el("button", { type: "button", class: "cr-move", "data-move": m.text, "data-squares": m.squares.join(" "),
    title: m.text, onclick: () => playMove(m.text, m.player) }, m.label || m.text);
}

function legalButtons() {
  const box = $("legal");
  box.replaceChildren();
  if (!view || view.terminal || view.chance) return;
  if (view.objects.length) { raceButtons(box); return; }
  const mine = humanMoves();
  const moves = mine.filter((m) => startsWith(m.squares, prefix));
  if (!moves.length) return;
  const onBoard = moves.filter((m) => m.squares.length > 0);
  const shown = prefix.length || onBoard.length <= MAX_BUTTONS ? moves : moves.filter((m) => !m.squares.length);
  const caption = prefix.length ? `Moves from ${prefix.join(" ")}:` : shown.length ? "Your legal moves:" : "";
  if (shown.length < moves.length) {
    box.append(el("p", { class: "cr-hint" }, `${moves.length} legal moves: click a piece on the board, then where it goes.`));
  }
  if (!shown.length) return;
  box.append(el("p", { class: "cr-heading" }, caption));
  const list = el("div", { class: "cr-buttons" });
  for (const m of shown.slice(0, 400)) list.append(moveButton(m));
  if (shown.length > 400) list.append(el("span", {}, ` … and ${shown.length - 400} more (type them)`));
  box.append(list);
  // the words of these moves that need saying (Splut's pull, lev, throw)
  const labels = shown.map((m) => m.label || m.text).join(" ");
  const words = (view.glossary || []).filter((g) => new RegExp(`\\b${g.word}\\b`).test(labels));
  if (words.length) {
    box.append(el("dl", { class: "cr-glossary" }, ...words.flatMap((g) => [el("dt", {}, g.word), el("dd", {}, g.meaning)])));
  }
}

function raceButtons(box) {
  const people = grabbers();
  people.forEach((p, row) => {
    const grabs = grabMoves(p);
    const pass = passMove(p);
    if (!grabs.length && !pass) return;
    const keys = row === 0 ? view.objects.map((o) => o.letter) : row === 1 ? SECOND_KEYS : [];
    const passKey = row === 0 ? "P" : row === 1 ? "0" : "";
    const how = keys.length ? "click it, or press its key" : "click it";
    box.append(el("p", { class: "cr-heading" }, `${who(p)}: grab an object (${how})`));
    const list = el("div", { class: "cr-buttons cr-objects", "data-seat": String(p) });
    view.objects.forEach((o, i) => {
      const m = grabs.find((g) => g.object === o.name);
      const attrs = { type: "button", class: `cr-move cr-object cr-${o.colour}` };
      // alone at the screen, the numbers grab too
      if (keys.length) attrs["aria-keyshortcuts"] = people.length === 1 ? `${keys[i]} ${SECOND_KEYS[i]}` : keys[i];
      const button = el("button", attrs, ...(keys.length ? [el("kbd", {}, keys[i]), " "] : []), o.name);
      if (m) { button.dataset.move = m.text; button.addEventListener("click", () => playMove(m.text, m.player)); }
      else button.disabled = true;
      list.append(button);
    });
    if (pass) {
      const attrs = { type: "button", class: "cr-move", "data-move": pass.text, onclick: () => playMove(pass.text, pass.player) };
      if (passKey) attrs["aria-keyshortcuts"] = passKey;
      list.append(el("button", attrs, ...(passKey ? [el("kbd", {}, passKey), " "] : []), "pass"));
    }
    box.append(list);
  });
}

function moveItem(m, i) {
  const entry = el("span", { class: "cr-entry" });
  if (m.mover === null) entry.append(el("span", { class: "cr-who" }, "chance "));
  else if (!m.text.startsWith(`p${m.mover} `)) entry.append(el("span", { class: "cr-who" }, `${who(m.mover)} `));
  entry.append(el("code", {}, m.text));
  if (m.said) entry.append(el("span", { class: "cr-said" }, ` — ${m.said}`));
  return el("li", { class: m.mover === null ? "cr-chance-move" : "" }, el("span", { class: "cr-num" }, `${i + 1}.`), entry);
}

function turnText(v) {
  const name = (p) => (v.names && v.names[p]) || `p${p}`;
  if (v.terminal) {
    const w = v.winners.map(name);
    return w.length === 0 ? "Game over: nobody wins." : w.length === 1 ? `Game over: ${w[0]} wins.`
      : `Game over: ${w.join(" and ")} share the win.`;
  }
  if (v.chance) {
    if (v.objects.length && !allBots()) return "Roll the dice when you are ready (the Roll button, or Enter).";
    const said = v.chance_said || `chance: ${v.outcomes} possible outcome${v.outcomes === 1 ? "" : "s"}`;
    return `${said[0].toUpperCase()}${said.slice(1)}.`;
  }
  const seats = v.actors.map((p) => `${name(p)} (${seatKind(p)})`).join(", ");
  if (v.objects.length) return `Grab the right object! Still to act: ${seats}.`;
  return (v.actors.length > 1 ? "May move now: " : "To move: ") + seats;
}

function render(v) {
  view = v;
  prefix = [];
  $("board").innerHTML = v.svg;
  fitPicture();
  $("position").textContent = v.position;
  const list = $("movelist");
  list.replaceChildren(...v.moves.map(moveItem));
  list.scrollTop = list.scrollHeight;
  $("turn").textContent = turnText(v);
  const round = $("round");
  round.hidden = !v.round;
  round.textContent = v.round || "";
  const odds = $("odds");
  odds.hidden = !v.chances;
  odds.textContent = v.chances ? "Chances to win, both playing perfectly: " +
    v.chances.map((c, p) => `p${p} ${(100 * c).toFixed(1)}%`).join(", ") : "";
  const chance = $("chance");
  chance.replaceChildren();
  if (v.chance) chance.append(el("button", { type: "button", id: "roll", onclick: () => roll() }, "Roll"));
  legalButtons();
  decorate();
  syncUrl();
  const example = v.legal.length ? v.legal[0].text : "";
  $("move-input").placeholder = example ? `type a move, e.g. ${example}` : "type a move";
}

// The picture fills the width: cut to what it draws (its legend, where it has one, goes below it,
// and its caption, the position text, is shown under the board anyway).
function fitPicture() {
  const legendBox = $("legend");
  legendBox.replaceChildren();
  const svg = $("board").querySelector("svg");
  if (!svg) return;
  const [, , width, height] = (svg.getAttribute("viewBox") || "").split(/[ ,]+/).map(Number);
  svg.removeAttribute("width");
  svg.removeAttribute("height");
  if (!width || !height) return;
  const legend = svg.querySelector("g.legend");
  const background = (c) => c.tagName === "rect" && Number(c.getAttribute("x") || 0) === 0 &&
    Number(c.getAttribute("y") || 0) === 0 && Number(c.getAttribute("width")) >= width;
  const parts = [...svg.children].filter((c) => c !== legend && !c.matches("title, defs, .caption") && !background(c));
  let box = null;
  for (const part of parts) {
    const b = part.getBBox();
    if (!b.width && !b.height) continue;
    box = box ? { x0: Math.min(box.x0, b.x), y0: Math.min(box.y0, b.y), x1: Math.max(box.x1, b.x + b.width),
      y1: Math.max(box.y1, b.y + b.height) } : { x0: b.x, y0: b.y, x1: b.x + b.width, y1: b.y + b.height };
  }
  if (!box) return;
  if (legend) {
    const key = legend.getBBox();
    const copy = svg.cloneNode(false);
    copy.append(legend.cloneNode(true));
    copy.setAttribute("viewBox", `${key.x - 6} ${key.y - 6} ${key.width + 12} ${key.height + 12}`);
    copy.setAttribute("aria-label", "legend");
    copy.style.width = `${Math.round(0.85 * (key.width + 12))}px`;
    // the legend once, under the board; on a narrow screen folded (whose turn it is stays near)
    const box = el("details", { class: "cr-legend-box" }, el("summary", {}, "Legend"), copy);
    box.open = legendOpen ?? !narrow.matches;
    box.addEventListener("toggle", () => { legendOpen = box.open; });
    legendBox.append(box);
    legend.remove();
  }
  for (const c of svg.querySelectorAll(".caption")) c.remove();
  // An object is clicked anywhere on it or its name: a clear rectangle over both takes the click.
  for (const g of svg.querySelectorAll("[data-object]")) {
    const b = g.getBBox();
    const hit = document.createElementNS("http://www.w3.org/2000/svg", "rect");
    for (const [k, v] of Object.entries({ x: b.x - 8, y: b.y - 6, width: b.width + 16, height: b.height + 30, rx: 6, fill: "transparent", class: "cr-hit" })) {
      hit.setAttribute(k, v);
    }
    g.prepend(hit);
  }
  const pad = 6;
  svg.setAttribute("viewBox", `${box.x0 - pad} ${box.y0 - pad} ${box.x1 - box.x0 + 2 * pad} ${box.y1 - box.y0 + 2 * pad}`);
}

function linkParams() {
  const params = new URLSearchParams();
  params.set("game", view.game);
  params.set("players", view.players);
  // the readings the game plays as its options name them (a default that changed is named too)
  const readings = Object.entries(view.options.readings || {}).map(([k, v]) => `${k}=${v}`).join(",");
  if (readings) params.set("readings", readings);
  if (cfg.ruleset) params.set("ruleset", cfg.ruleset);
  if (cfg.options) params.set("options", cfg.options);
  if (view.start) params.set("position", view.start);
  if (view.moves.length) params.set("moves", view.moves.map((m) => m.text).join(";"));
  params.set("seats", [...Array(view.players).keys()].map(seatKind).join(","));
  params.set("think", $("bot-seconds").value);
  if (view.objects.length) params.set("delay", $("bot-delay").value);
  const linked = view.start || view.moves.length;  // a link to a position waits unless it says
  if (cfg.auto === !linked) params.delete("auto");
  else params.set("auto", cfg.auto ? "1" : "0");
  return params.toString().replaceAll("+", "%20");
}

function syncUrl() {
  ownHash = `#${linkParams()}`;
  history.replaceState(null, "", `${location.pathname}${ownHash}`);
}

// -- moves ----------------------------------------------------------------------------------------

function stopTimer() {
  if (timer !== null) { clearTimeout(timer.id); timer = null; busy(-1); }
}

function later(fn, ms) {
  stopTimer();
  busy(1);
  timer = { id: setTimeout(() => { timer = null; busy(-1); fn(); }, ms) };
}

async function apply(answer, move) {
  if (answer.error && !answer.view) { showError(answer.error, move); return false; }
  if (answer.error) showError(answer.error, move);
  else showError(null);
  render(answer.view);
  return !answer.error;
}

async function playMove(text, player) {
  stopTimer();
  const mine = era;
  const answer = await call("play", { text, player: player ?? null });
  if (mine !== era) return;
  await apply(answer, text);
  if (answer.played) $("activity").textContent = played(answer.played, player);
  advance();
}

// What a move did, for the activity line; a settled round is said in its own box (and the move
// list), not a third time here.
function saidOf(text) {
  const m = view.moves[view.moves.length - 1];
  return m && m.text === text && m.said && !view.round ? ` — ${m.said}` : "";
}

function played(text, player) {
  return `${player === undefined || player === null ? "" : `${who(player)} played `}${text}${saidOf(text)}`;
}

async function roll() {
  stopTimer();
  const mine = era;
  const answer = await call("roll");
  if (mine !== era) return;
  await apply(answer);
  if (answer.played) {
    const m = view.moves[view.moves.length - 1];
    $("activity").textContent = `Chance (probability ${answer.probability}): ${m && m.said ? m.said : answer.played}`;
  }
  advance();
}

async function botMove(player) {
  const kind = seatKind(player);
  $("activity").textContent = `${who(player)} (${kind}) is thinking…`;
  const seconds = Number($("bot-seconds").value) || 1;
  const mine = era;
  const answer = await call("bot", { player, kind, seconds });
  if (mine !== era) return;
  await apply(answer);
  if (answer.played) {
    $("activity").textContent = `${who(player)} (${kind}) played ${answer.played} in ${answer.ms} ms${saidOf(answer.played)}`;
    document.documentElement.dataset.botMs = answer.ms;
  }
  advance();
}

// The round a race belongs to: the ply of its roll.
function roundId() {
  for (let i = view.moves.length - 1; i >= 0; i--) if (view.moves[i].mover === null) return i;
  return -1;
}

function reaction() {
  const seconds = Number($("bot-delay").value);
  return 1000 * (Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds, 60) : 2.5);
}

function advance() {
  stopTimer();
  if (!view || view.terminal) return;
  if (view.chance) {
    // Vlotte Geesten's next roll waits for the people at the screen (unless every seat is a bot).
    if (view.objects.length ? allBots() : cfg.auto) later(roll, 350);
    return;
  }
  const bots = view.actors.filter((p) => seatKind(p) !== "human");
  if (!bots.length) return;
  if (view.objects.length && !allBots()) {
    // The race: each bot grabs after its reaction time, counted from the roll.
    const id = roundId();
    if (!race || race.id !== id) {
      const now = performance.now();
      race = { id, due: new Map(view.actors.map((p) => [p, now + reaction() * (0.7 + 0.8 * Math.random())])) };
    }
    const next = bots.reduce((a, b) => ((race.due.get(a) ?? 0) <= (race.due.get(b) ?? 0) ? a : b));
    later(() => botMove(next), Math.max(0, (race.due.get(next) ?? 0) - performance.now()));
    return;
  }
  const pick = bots[Math.floor(Math.random() * bots.length)];
  // Where people may move at the same moment, the bots give them time.
  const together = view.actors.length > bots.length;
  later(() => botMove(pick), together ? reaction() : 250);
}

async function onBoardClick(event) {
  if (!view || view.terminal || view.chance) return;
  const object = event.target.closest("[data-object]");
  if (object) {
    const m = grabMoves().find((g) => g.object === object.dataset.object);
    if (m) await playMove(m.text, m.player);
    return;
  }
  const target = event.target.closest("[data-square]");
  if (!target) return;
  const square = target.dataset.square;
  const mine = humanMoves();
  if (!mine.length) return;
  const wanted = [...prefix, square];
  const candidates = mine.filter((m) => startsWith(m.squares, wanted));
  if (!candidates.length) {
    if (prefix.length && prefix[prefix.length - 1] === square) {
      prefix = [];  // a second click on the chosen square lets it go
    } else if (mine.some((m) => m.squares[0] === square)) {
      prefix = [square];
    } else {
      const answer = await call("attempt", { squares: wanted });
      if (answer.error) showError(answer.error, answer.move || (answer.clicked && `you clicked ${answer.clicked}`));
      prefix = [];
    }
    legalButtons();
    decorate();
    return;
  }
  const exact = candidates.filter((m) => m.squares.length === wanted.length);
  if (candidates.length === 1 && exact.length === 1) {
    await playMove(exact[0].text, exact[0].player);
    return;
  }
  prefix = wanted;
  showError(null);
  legalButtons();
  decorate();
}

function onKey(event) {
  if (!view || event.ctrlKey || event.metaKey || event.altKey) return;
  const on = (selector) => event.target.closest && event.target.closest(selector);
  if (on("input, select, textarea")) return;  // typing there
  const key = event.key.toUpperCase();
  if ((key === "ENTER" || key === " ") && on("button, summary, a")) return;  // pressing that
  if (view.chance && view.objects.length && !allBots()) {
    if (key === "ENTER" || key === " " || key === "R") { event.preventDefault(); roll(); }
    return;
  }
  if (view.terminal || view.chance || !view.objects.length) return;
  // the first person's keys: the objects' letters and P; the second's: 1-5 and 0
  const people = grabbers();
  const second = people.length > 1 ? people[1] : people[0];  // alone, 1-5 grab too
  const letter = view.objects.findIndex((o) => o.letter === key);
  const digit = SECOND_KEYS.indexOf(key);
  let move;
  if (letter >= 0) move = grabMoves(people[0]).find((m) => m.object === view.objects[letter].name);
  else if (digit >= 0 && view.objects[digit]) move = grabMoves(second).find((m) => m.object === view.objects[digit].name);
  else if (key === "P") move = passMove(people[0]);
  else if (key === "0") move = passMove(second);
  if (move) { event.preventDefault(); playMove(move.text, move.player); }
}

// -- the game's setup -------------------------------------------------------------------------

function gameInfo(name) { return catalog.find((g) => g.name === name) || catalog[0]; }

// A player count the game has, or null: never trust a link's count before building menus from it.
function validPlayers(info, value) {
  const [low, high] = info.players;
  const n = typeof value === "number" ? value : /^\d{1,3}$/.test(String(value ?? "").trim()) ? Number(value) : NaN;
  return Number.isInteger(n) && n >= low && n <= high ? n : null;
}

function fillSetup() {
  const info = gameInfo(cfg.game);
  $("game-select").replaceChildren(...catalog.map((g) => el("option", { value: g.name }, g.title)));
  $("game-select").value = info.name;
  const [low, high] = info.players;
  const players = validPlayers(info, cfg.players) || info.default_players;
  $("players-select").replaceChildren(...Array.from({ length: high - low + 1 }, (_, i) =>
    el("option", { value: String(low + i) }, String(low + i))));
  $("players-select").value = String(players);
  fillSeats(players);
  const chosen = Object.fromEntries(cfg.readings.split(",").filter(Boolean).map((p) => p.split("=")));
  const box = $("readings");
  box.replaceChildren();
  for (const i of info.interpretations) {
    const playable = i.options.filter((o) => o.playable);
    if (playable.length < 2 || i.keyword === "players") continue;  // the Players menu is that switch
    const select = el("select", { "data-interp": i.short_id, title: i.question });
    for (const o of i.options) {
      const option = el("option", { value: o.id }, o.id + (o.id === i.default ? " (default)" : ""));
      if (!o.playable) option.disabled = true;
      option.title = o.text;
      select.append(option);
    }
    select.value = chosen[i.short_id] || chosen[i.id] || i.default;
    box.append(el("label", { class: "cr-reading", title: i.question }, `${i.short_id} `, select));
  }
  if (info.rulesets.length) {
    // A ruleset is a named set of readings: choosing one sets the readings' menus.
    const select = el("select", { id: "ruleset-select" }, el("option", { value: "" }, "(choose)"));
    for (const r of info.rulesets) select.append(el("option", { value: r.id, title: r.title }, `${r.id}: ${r.title}`));
    if (info.rulesets.some((r) => r.id === cfg.ruleset)) select.value = cfg.ruleset;
    select.addEventListener("change", () => {
      const r = info.rulesets.find((x) => x.id === select.value);
      if (!r) return;
      for (const i of info.interpretations) {
        const s = box.querySelector(`select[data-interp="${i.short_id}"]`);
        if (s) s.value = r.readings[i.id] || r.readings[i.short_id] || i.default;
      }
    });
    box.append(el("label", { class: "cr-reading" }, "ruleset ", select));
  }
}

function fillSeats(players) {
  const box = $("seats");
  box.replaceChildren();
  for (let p = 0; p < players; p++) {
    const select = el("select", { "data-seat": String(p), "aria-label": `who plays p${p}` });
    for (const kind of SEAT_KINDS) select.append(el("option", { value: kind }, kind));
    select.value = seatKind(p);
    select.addEventListener("change", () => {
      cfg.seats[p] = select.value;
      if (view) { render(view); advance(); }
    });
    const name = view && view.game === cfg.game && view.names && view.names[p] && view.names[p] !== `p${p}`
      ? `p${p} (${view.names[p].replace(/^p\d+ \((.*)\)$/, "$1")}) ` : `p${p} `;
    box.append(el("label", {}, name, select));
  }
}

function readSetup() {
  const info = gameInfo($("game-select").value);
  cfg.game = info.name;
  cfg.players = validPlayers(info, Number($("players-select").value)) || info.default_players;
  const defaults = Object.fromEntries(info.interpretations.map((i) => [i.short_id, i.default]));
  cfg.readings = [...$("readings").querySelectorAll("select[data-interp]")]
    .filter((s) => s.value !== defaults[s.dataset.interp])
    .map((s) => `${s.dataset.interp}=${s.value}`).join(",");
  cfg.seats = [...$("seats").querySelectorAll("select[data-seat]")].map((s) => s.value);
  cfg.auto = $("auto-roll").checked;
  const ruleset = $("ruleset-select");
  cfg.ruleset = ruleset ? ruleset.value : "";
}

async function newGame(moves = []) {
  stopTimer();
  race = null;
  era++;
  const answer = await call("new", {
    game: cfg.game, players: cfg.players, readings: cfg.readings, ruleset: cfg.ruleset, options: cfg.options,
    position: cfg.position, moves,
  });
  if (!answer.view) { showError(answer.error); return false; }
  showError(answer.error || null);
  render(answer.view);
  return !answer.error;
}

// -- links ----------------------------------------------------------------------------------------

function readLink() {
  const hash = location.hash.slice(1);
  return new URLSearchParams(hash.includes("game=") ? hash : location.search);
}

// Open the set-up a link names: its game, players, readings, options, position, moves and seats.
// A set-up the library refuses is reported, and the game opens at its defaults instead.
async function openLink(params) {
  const done = await setUp(params);
  document.documentElement.dataset.opened = String(++openedCount);
  return done;
}

async function setUp(params) {
  stopTimer();
  era++;
  cfg.game = params.get("game") || "splut";
  const info = catalog.find((g) => g.name === cfg.game);
  const rawPlayers = params.has("players") ? params.get("players") : null;
  cfg.players = info && rawPlayers !== null ? validPlayers(info, rawPlayers) : null;
  cfg.readings = params.get("readings") || "";
  cfg.ruleset = (params.get("ruleset") || "").slice(0, 40);
  cfg.options = params.get("options") || "";
  // the bots' settings, where the link gives them (numbers within the menus' bounds)
  for (const [key, id, low, high] of [["think", "bot-seconds", 0.1, 10], ["delay", "bot-delay", 0.3, 20]]) {
    const value = Number(params.get(key));
    if (params.has(key) && Number.isFinite(value)) $(id).value = String(Math.min(high, Math.max(low, value)));
  }
  cfg.position = params.get("position") || "";
  const moves = (params.get("moves") || "").split(";").filter((m) => m.trim() !== "").slice(0, 5000);
  const linked = params.has("moves") || params.has("position");
  const seats = params.has("seats") ? params.get("seats").split(",", MAX_SEATS) : [];
  cfg.seats = seats.length ? seats.map((s) => (SEAT_KINDS.includes(s.trim()) ? s.trim() : "human"))
    : linked ? Array(MAX_SEATS).fill("human") : [];
  cfg.auto = params.has("auto") ? params.get("auto") === "1" : !linked;
  $("auto-roll").checked = cfg.auto;
  let refused = null;
  if (!info) {
    refused = (await call("new", { game: cfg.game })).error;  // the library's own message
    cfg.game = "splut";
  } else if (rawPlayers !== null && cfg.players === null) {
    // Not a player count of this game: the library says so; no menu is built from it.
    refused = (await call("new", { game: cfg.game, players: rawPlayers.slice(0, 40) })).error;
  }
  fillSetup();
  if (!refused) {
    stopTimer();
    race = null;
    era++;
    const answer = await call("new", {
      game: cfg.game, players: cfg.players, readings: cfg.readings, ruleset: cfg.ruleset, options: cfg.options,
      position: cfg.position, moves,
    });
    if (answer.view) {  // an illegal move stops the moves there, with its error shown
      showError(answer.error || null);
      render(answer.view);
      fillSetup();
      return !linked || params.has("seats") || params.has("auto");
    }
    refused = answer.error;
  }
  // The library refused the link's set-up: its game at the defaults, with the library's message.
  cfg.players = null; cfg.readings = ""; cfg.ruleset = ""; cfg.options = ""; cfg.position = "";
  const answer = await call("new", { game: cfg.game });
  if (answer.view) render(answer.view);
  showError(refused);
  fillSetup();
  return false;
}

async function onHashChange() {
  if (!catalog.length || location.hash === ownHash || !location.hash.includes("game=")) return;
  stopTimer();
  const go = await openLink(readLink());
  $("activity").textContent = "Opened the link (Python kept running).";
  if (go) advance();
}

// -- start ----------------------------------------------------------------------------------------

async function start() {
  try {
    const data = await manifest;
    catalog = data.games;
    if (data.bot_delay) $("bot-delay").value = String(data.bot_delay);
    cfg.game = readLink().get("game") || "splut";
    if (!catalog.some((g) => g.name === cfg.game)) cfg.game = "splut";
    fillSetup();
    const info = await loaded;
    const p = info.phases || {};
    $("activity").textContent = `Python and castlerules loaded in ${info.ms} ms (Pyodide ${info.pyodide}: ` +
      `runtime ${p.runtime} ms, wheels ${p.wheels} ms, imports ${p.imports} ms).`;
    document.documentElement.dataset.loadMs = info.ms;
  } catch (err) {
    $("status").textContent = "failed";
    $("activity").textContent = "";
    showError({ kind: "the playground could not start", message: String(err.message || err) });
    return;
  }
  const go = await openLink(readLink());
  $("status").textContent = "ready";
  document.documentElement.dataset.readyMs = Math.round(performance.now());
  if (go) advance();
}

$("board").addEventListener("click", onBoardClick);
document.addEventListener("keydown", onKey);
window.addEventListener("hashchange", onHashChange);
$("setup").addEventListener("submit", async (event) => {
  event.preventDefault();
  if (!catalog.length) return;
  readSetup();
  cfg.position = "";
  cfg.options = "";  // the menus say the whole set-up
  document.activeElement?.blur();  // Enter now rolls, not "New game" again
  if (await newGame()) advance();
});
$("game-select").addEventListener("change", () => {
  cfg.game = $("game-select").value; cfg.players = null; cfg.readings = ""; cfg.ruleset = ""; cfg.options = ""; cfg.seats = [];
  fillSetup();
});
$("players-select").addEventListener("change", () => fillSeats(Number($("players-select").value)));
$("auto-roll").addEventListener("change", () => { cfg.auto = $("auto-roll").checked; advance(); });
$("typed").addEventListener("submit", async (event) => {
  event.preventDefault();
  const text = $("move-input").value.trim();
  if (!text || !view) return;
  stopTimer();
  const answer = await call("play", { text });
  if (await apply(answer, text)) $("move-input").value = "";
  advance();
});
$("undo").addEventListener("click", async () => {
  stopTimer();
  race = null;
  const answer = await call("undo", { humans: humans() });
  await apply(answer);
  const undone = answer.undone || [];
  $("activity").textContent = undone.length
    ? `Took back ${undone.length === 1 ? "one move" : `${undone.length} moves`}: ${undone.join(", ")}.`
    : "Nothing to take back.";
  advance();
});
$("copy-position").addEventListener("click", () => navigator.clipboard?.writeText($("position").textContent));
$("setup-position").addEventListener("submit", async (event) => {
  event.preventDefault();
  const text = $("position-input").value.trim();
  if (!text || !view) return;
  stopTimer();
  era++;
  const answer = await call("position", { text });
  if (answer.error) { showError(answer.error); return; }
  cfg.position = answer.view.start || "";
  await apply(answer);
  advance();
});
$("download-record").addEventListener("click", async () => {
  const answer = await call("record");
  if (answer.error) { showError(answer.error); return; }
  const url = URL.createObjectURL(new Blob([answer.record], { type: "application/json" }));
  const link = el("a", { href: url, download: `${view.game}-record.json` });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
});
$("load-record").addEventListener("change", async (event) => {
  const file = event.target.files[0];
  event.target.value = "";
  if (!file) return;
  if (file.size > 32_000_000) { showError({ kind: "RecordError", message: "the file is larger than 32 MB" }); return; }
  stopTimer();
  era++;
  busy(1);  // reading the file is part of the work: a test waiting for "not busy" waits for it
  const text = await file.text().finally(() => busy(-1));
  const answer = await call("load", { text });
  if (answer.error) { showError(answer.error); return; }
  cfg.game = answer.view.game;
  cfg.players = answer.view.players;
  const { players, readings, ...rest } = answer.view.options;
  cfg.readings = readings ? Object.entries(readings).map(([k, v]) => `${k}=${v}`).join(",") : "";
  cfg.options = Object.keys(rest).length ? JSON.stringify(rest) : "";
  cfg.position = "";
  race = null;
  showError(null);
  render(answer.view);
  fillSetup();
  $("activity").textContent = `Loaded a record of ${answer.view.moves.length} moves, each replayed through the rules.`;
});
busy(0);
start();
