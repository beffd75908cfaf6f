// The Play page: menus, the board and the move list in plain JavaScript; the rules run in the web
// worker (playground-worker.js), which runs castlerules under Pyodide. The URL contract:
// play.html?game=G&players=N&readings=ID=OPT,...&options=JSON&position=TEXT&moves=M1;M2&seats=...
// opens G and plays the moves; then #status reads "ready" and #position holds the position text.

const $ = (id) => document.getElementById(id);
const worker = new Worker(new URL("_static/playground-worker.js", document.baseURI), { type: "module" });
const waiting = new Map();
let nextId = 1;
let pending = 0;
let catalog = [];
let view = null;
let prefix = [];
let timer = null;
const cfg = { game: "splut", players: null, readings: "", options: "", position: "", seats: [], auto: true };

function busy(delta) {
  pending += delta;
  document.documentElement.dataset.busy = pending > 0 ? "1" : "0";
}

function call(cmd, args = {}) {
  const id = nextId++;
  busy(1);
  return new Promise((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    worker.postMessage({ id, request: JSON.stringify({ cmd, args }) });
  }).finally(() => busy(-1));
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
  if (data.failure) entry.reject(new Error(data.failure));
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

function showError(error, move) {
  const box = $("error");
  box.replaceChildren();
  if (!error) { box.hidden = true; return; }
  box.hidden = false;
  const head = move ? `${move}: ` : "";
  if (error.clause) {
    box.append(el("p", { class: "cr-error-en" }, `Illegal: ${head}${error.en}`));
    box.append(el("p", {}, "Clause ", el("code", { class: "cr-clause" }, error.clause)));
    box.append(el("blockquote", { lang: "nl", class: "cr-nl" }, error.nl));
  } else {
    const ply = error.ply !== undefined ? ` (move ${error.ply + 1}${error.move ? ", " + error.move : ""})` : "";
    box.append(el("p", {}, `${error.kind}${ply}: ${error.message}`));
  }
}

function seatKind(p) { return cfg.seats[p] || (p === 0 ? "human" : "mcts"); }
function humans() { return [...Array(view ? view.players : 0).keys()].filter((p) => seatKind(p) === "human"); }
function humanMoves() { return view ? view.legal.filter((m) => seatKind(m.player) === "human") : []; }
function startsWith(squares, pre) { return pre.every((q, i) => squares[i] === q); }

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
}

function legalButtons() {
  const box = $("legal");
  box.replaceChildren();
  if (!view || view.terminal || view.chance) return;
  const moves = humanMoves().filter((m) => startsWith(m.squares, prefix));
  if (!moves.length) return;
  const caption = prefix.length ? `Moves from ${prefix.join(" ")}:` : "Your legal moves:";
  box.append(el("p", { class: "cr-heading" }, caption));
  const list = el("div", { class: "cr-buttons" });
  for (const m of moves.slice(0, 400)) {
    list.append(el("button", { type: "button", class: "cr-move", "data-move": m.text, "data-squares": m.squares.join(" "),
      onclick: () => playMove(m.text, m.player, m.squares) }, m.text));
  }
  if (moves.length > 400) list.append(el("span", {}, ` … and ${moves.length - 400} more (type them)`));
  box.append(list);
}

function render(v) {
  view = v;
  prefix = [];
  $("board").innerHTML = v.svg;
  $("position").textContent = v.position;
  const list = $("movelist");
  list.replaceChildren(...v.moves.map((m) =>
    el("li", { class: m.mover === null ? "cr-chance-move" : "" },
      el("code", {}, m.text), m.mover === null ? " (chance)" : ` (p${m.mover})`)));
  list.scrollTop = list.scrollHeight;
  let turn;
  if (v.terminal) {
    const w = v.winners.map((p) => `p${p}`);
    turn = w.length === 0 ? "Game over: nobody wins." : w.length === 1 ? `Game over: ${w[0]} wins.`
      : `Game over: ${w.join(" and ")} share the win.`;
  } else if (v.chance) {
    turn = `Chance: ${v.outcomes} possible outcome${v.outcomes === 1 ? "" : "s"}.`;
  } else {
    turn = (v.actors.length > 1 ? "May move now: " : "To move: ") +
      v.actors.map((p) => `p${p} (${seatKind(p)})`).join(", ");
  }
  $("turn").textContent = turn;
  const chance = $("chance");
  chance.querySelector("button")?.remove();
  if (v.chance) {
    chance.append(el("button", { type: "button", id: "roll", onclick: () => roll() }, "Roll"));
  }
  legalButtons();
  decorate();
  syncUrl();
  const example = v.legal.length ? v.legal[0].text : "";
  $("move-input").placeholder = example ? `type a move, e.g. ${example}` : "type a move";
}

function syncUrl() {
  const params = new URLSearchParams();
  params.set("game", view.game);
  params.set("players", view.players);
  if (cfg.readings) params.set("readings", cfg.readings);
  if (cfg.options) params.set("options", cfg.options);
  if (view.start) params.set("position", view.start);
  if (view.moves.length) params.set("moves", view.moves.map((m) => m.text).join(";"));
  params.set("seats", [...Array(view.players).keys()].map(seatKind).join(","));
  const text = params.toString().replaceAll("+", "%20");
  history.replaceState(null, "", `${location.pathname}?${text}`);
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

async function playMove(text, player, squares) {
  stopTimer();
  const answer = await call("play", { text, player: player ?? null });
  if (await apply(answer, text)) advance();
  else advance();
}

async function roll() {
  stopTimer();
  const answer = await call("roll");
  if (answer.played) $("chance").dataset.last = "";
  await apply(answer);
  if (answer.played) {
    $("activity").textContent = `Chance: ${answer.played} (probability ${answer.probability})`;
  }
  advance();
}

async function botMove(player) {
  const kind = seatKind(player);
  $("activity").textContent = `p${player} (${kind}) is thinking…`;
  const seconds = Number($("bot-seconds").value) || 1;
  const answer = await call("bot", { player, kind, seconds });
  await apply(answer);
  if (answer.played) {
    $("activity").textContent = `p${player} (${kind}) played ${answer.played} in ${answer.ms} ms`;
    document.documentElement.dataset.botMs = answer.ms;
  }
  advance();
}

function advance() {
  stopTimer();
  if (!view || view.terminal) return;
  if (view.chance) {
    if (cfg.auto) later(roll, 350);
    return;
  }
  const bots = view.actors.filter((p) => seatKind(p) !== "human");
  if (!bots.length) return;
  const pick = bots[Math.floor(Math.random() * bots.length)];
  // Where humans may move at the same moment (Vlotte Geesten's race), the bots give them time.
  const race = view.actors.length > bots.length;
  later(() => botMove(pick), race ? 2500 : 250);
}

async function onBoardClick(event) {
  const target = event.target.closest("[data-square]");
  if (!target || !view || view.terminal || view.chance) return;
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
      if (answer.error) showError(answer.error, answer.move);
      prefix = [];
    }
    legalButtons();
    decorate();
    return;
  }
  const exact = candidates.filter((m) => m.squares.length === wanted.length);
  if (candidates.length === 1 && exact.length === 1) {
    await playMove(exact[0].text, exact[0].player, exact[0].squares);
    return;
  }
  prefix = wanted;
  showError(null);
  legalButtons();
  decorate();
}

// -- the game's setup -------------------------------------------------------------------------

function gameInfo(name) { return catalog.find((g) => g.name === name) || catalog[0]; }

function fillSetup() {
  const info = gameInfo(cfg.game);
  $("game-select").replaceChildren(...catalog.map((g) => el("option", { value: g.name }, g.title)));
  $("game-select").value = info.name;
  const [low, high] = info.players;
  const players = cfg.players || info.default_players;
  $("players-select").replaceChildren(...Array.from({ length: high - low + 1 }, (_, i) =>
    el("option", { value: String(low + i) }, String(low + i))));
  $("players-select").value = String(players);
  fillSeats(players);
  const chosen = Object.fromEntries(cfg.readings.split(",").filter(Boolean).map((p) => p.split("=")));
  const box = $("readings");
  box.replaceChildren();
  for (const i of info.interpretations) {
    const playable = i.options.filter((o) => o.playable);
    if (playable.length < 2) continue;
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
    // A ruleset is a named set of readings: choosing one sets the readings above.
    const select = el("select", { id: "ruleset-select" }, el("option", { value: "" }, "(choose)"));
    for (const r of info.rulesets) select.append(el("option", { value: r.id, title: r.title }, `${r.id}: ${r.title}`));
    select.addEventListener("change", () => {
      const r = info.rulesets.find((x) => x.id === select.value);
      if (!r) return;
      for (const i of info.interpretations) {
        const s = box.querySelector(`select[data-interp="${i.short_id}"]`);
        if (s) s.value = r.readings[i.id] || i.default;
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
    for (const kind of ["human", "random", "mcts"]) select.append(el("option", { value: kind }, kind));
    select.value = seatKind(p);
    select.addEventListener("change", () => { cfg.seats[p] = select.value; if (view) { render(view); advance(); } });
    box.append(el("label", {}, `p${p} `, select));
  }
}

function readSetup() {
  const info = gameInfo($("game-select").value);
  cfg.game = info.name;
  cfg.players = Number($("players-select").value) || info.default_players;
  cfg.readings = [...$("readings").querySelectorAll("select")]
    .filter((s) => s.value !== info.interpretations.find((i) => i.short_id === s.dataset.interp).default)
    .map((s) => `${s.dataset.interp}=${s.value}`).join(",");
  cfg.seats = [...$("seats").querySelectorAll("select")].map((s) => s.value);
  cfg.auto = $("auto-roll").checked;
}

async function newGame(moves = []) {
  stopTimer();
  const answer = await call("new", {
    game: cfg.game, players: cfg.players, readings: cfg.readings, options: cfg.options,
    position: cfg.position, moves,
  });
  if (!answer.view) { showError(answer.error); return false; }
  showError(answer.error || null);
  render(answer.view);
  return !answer.error;
}

// -- start ----------------------------------------------------------------------------------------

async function start() {
  const params = new URLSearchParams(location.search);
  try {
    const info = await loaded;
    catalog = (await call("catalog")).games;
    $("activity").textContent = `Python and castlerules loaded in ${info.ms} ms (Pyodide ${info.pyodide}).`;
  } catch (err) {
    $("status").textContent = "failed";
    $("activity").textContent = "";
    showError({ kind: "the playground could not start", message: String(err.message || err) });
    return;
  }
  cfg.game = params.get("game") || "splut";
  cfg.players = params.has("players") ? Number(params.get("players")) : null;
  cfg.readings = params.get("readings") || "";
  cfg.options = params.get("options") || "";
  cfg.position = params.get("position") || "";
  const moves = (params.get("moves") || "").split(";").filter((m) => m.trim() !== "");
  const linked = params.has("moves") || params.has("position");
  cfg.seats = params.has("seats") ? params.get("seats").split(",") : linked ? ["human", "human", "human",
    "human", "human", "human", "human", "human"] : [];
  cfg.auto = params.has("auto") ? params.get("auto") === "1" : !linked;
  $("auto-roll").checked = cfg.auto;
  let unknown = null;
  if (!catalog.some((g) => g.name === cfg.game)) {
    unknown = (await call("new", { game: cfg.game })).error;  // the library's own message
    cfg.game = "splut";
  }
  fillSetup();
  await newGame(unknown ? [] : moves);
  if (unknown) showError(unknown);
  if (view) fillSetup();
  $("status").textContent = "ready";
  if (!view) return;
  // A link to a position waits there (its position is the contract), unless it says who plays.
  if (!linked || params.has("seats") || params.has("auto")) advance();
}

$("board").addEventListener("click", onBoardClick);
$("setup").addEventListener("submit", async (event) => {
  event.preventDefault();
  readSetup();
  cfg.position = "";
  if (await newGame()) advance();
});
$("game-select").addEventListener("change", () => {
  cfg.game = $("game-select").value; cfg.players = null; cfg.readings = ""; cfg.options = "";
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
  await apply(await call("undo", { humans: humans() }));
});
$("copy-position").addEventListener("click", () => navigator.clipboard?.writeText($("position").textContent));
$("setup-position").addEventListener("submit", async (event) => {
  event.preventDefault();
  const text = $("position-input").value.trim();
  if (!text) return;
  stopTimer();
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
  showError(null);
  render(answer.view);
  fillSetup();
  $("activity").textContent = `Loaded a record of ${answer.view.moves.length} moves, each replayed through the rules.`;
});
busy(0);
start();
