// The board, drawn in SVG from the edition's data and a view (view.to_json()). Data-driven: any number of
// spaces divisible into four sides, any family; fields a family lacks are simply not drawn.
import { money, PLAYER_COLOURS, tokenLabels } from "/static/common.js";

const NS = "http://www.w3.org/2000/svg";
const S = 1000;
const NAMED = { brown: "#8B4513", "light-blue": "#AAE0FA", light_blue: "#AAE0FA", pink: "#D93A96", orange: "#F7941D", red: "#ED1B24",
  yellow: "#FEF200", green: "#1FB25A", "dark-blue": "#0072BB", dark_blue: "#0072BB", purple: "#7b3f9e", sand: "#d8c08a", ochre: "#cc8a2e",
  rust: "#a4502a", teal: "#2a9d8f", grey: "#8d99ae", gray: "#8d99ae", navy: "#243a73", crimson: "#b0203a", violet: "#8f5fbf", lime: "#9acd32" };
export function groupColour(c) { if (!c) return null; if (c.startsWith("#")) return c; return NAMED[c] || NAMED[c.toLowerCase()] || c; }

function svg(tag, attrs = {}, parent) {
  const e = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined && v !== null) e.setAttribute(k, v);
  if (parent) parent.append(e);
  return e;
}
function wrap(text, max) {
  const words = String(text).split(/\s+/), lines = [];
  let line = "";
  for (const w of words) {
    if ((line + " " + w).trim().length > max && line) { lines.push(line); line = w; } else line = (line + " " + w).trim();
  }
  if (line) lines.push(line);
  return lines;
}
function multiline(parent, lines, x, y, size, attrs = {}) {
  const t = svg("text", { x, y, "font-size": size, "text-anchor": "middle", ...attrs }, parent);
  lines.forEach((l, i) => { const s = svg("tspan", { x, dy: i === 0 ? 0 : size * 1.1 }, t); s.textContent = l; });
  return t;
}

export class Board {
  constructor(container, edition, { onSpace } = {}) {
    this.ed = edition; this.onSpace = onSpace;
    this.n = edition.spaces.length;
    this.side = Math.ceil(this.n / 4);
    this.C = this.n > 36 ? 130 : 140;
    this.w = (S - 2 * this.C) / (this.side - 1);
    this.root = svg("svg", { viewBox: `0 0 ${S} ${S}`, role: "img", "aria-label": edition.name, "font-family": "DejaVu Sans, Arial, sans-serif" });
    container.prepend(this.root);
    svg("rect", { x: 0, y: 0, width: S, height: S, fill: "#cfe5cf", stroke: "#222", "stroke-width": 4 }, this.root);
    this.cells = []; this.marks = [];
    for (let p = 0; p < this.n; p++) this.drawSpace(p);
    this.drawCentre();
    this.tokenLayer = svg("g", {}, this.root);
    this.tokens = []; this.shown = [];
  }

  // placement of a space: its rectangle and the transform of its local frame (w x C, inner edge at y=0)
  frame(p) {
    const { side, C, w } = this;
    if (p % side === 0) {
      const k = p / side;
      const xy = [[S - C, S - C], [0, S - C], [0, 0], [S - C, 0]][k];
      return { corner: true, x: xy[0], y: xy[1], width: C, height: C, k };
    }
    const k = Math.floor(p / side), i = p % side;
    if (k === 0) { const x = S - C - i * w, y = S - C; return { x, y, width: w, height: C, t: `translate(${x},${y})`, k }; }
    if (k === 1) { const x = 0, y = S - C - i * w; return { x, y, width: C, height: w, t: `translate(${x + C},${y}) rotate(90)`, k }; }
    if (k === 2) { const x = C + (i - 1) * w, y = 0; return { x, y, width: w, height: C, t: `translate(${x + w},${y + C}) rotate(180)`, k }; }
    const x = S - C, y = C + (i - 1) * w; return { x, y, width: C, height: w, t: `translate(${x},${y + w}) rotate(270)`, k };
  }
  centreOf(p) { const f = this.frame(p); return [f.x + f.width / 2, f.y + f.height / 2]; }

  drawSpace(p) {
    const sp = this.ed.spaces[p], f = this.frame(p), { C, w } = this;
    const g = svg("g", { class: "space", "data-pos": p, style: "cursor:pointer" }, this.root);
    g.addEventListener("click", () => this.onSpace && this.onSpace(p));
    const title = svg("title", {}, g); title.textContent = sp.name;
    if (f.corner) {
      svg("rect", { x: f.x, y: f.y, width: C, height: C, fill: "#e8f1e1", stroke: "#222", "stroke-width": 2 }, g);
      const cx = f.x + C / 2, cy = f.y + C / 2;
      const inner = svg("g", { transform: `rotate(${[-45, 45, 135, -135][f.k]} ${cx} ${cy})` }, g);
      if (sp.type === "go") {
        multiline(inner, ["GO"], cx, cy + 14, 44, { "font-weight": 900, fill: "#c8102e" });
        // Empire pays the tower's value at GO, not a fixed salary.
        const salary = this.ed.family === "empire" ? "your tower value" : money(this.ed, this.ed.rules.go_salary ?? 200);
        multiline(inner, [`collect ${salary}`], cx, cy - 22, 12);
      } else if (sp.type === "jail") {
        g.querySelector("rect").remove();
        svg("rect", { x: f.x, y: f.y, width: C, height: C, fill: "#e8f1e1", stroke: "#222", "stroke-width": 2 }, g);
        const bx = f.x + C * 0.34, by = f.y, bw = C * 0.66;
        svg("rect", { x: bx, y: by, width: bw, height: bw, fill: "#f7941d", stroke: "#222", "stroke-width": 2 }, g);
        for (let i = 1; i < 5; i++) svg("line", { x1: bx + i * bw / 5, y1: by + bw * 0.3, x2: bx + i * bw / 5, y2: by + bw, stroke: "#222", "stroke-width": 2.5 }, g);
        multiline(g, [(this.ed.terms.jail || "Jail").toUpperCase()], bx + bw / 2, by + bw * 0.22, 14, { "font-weight": 800 });
        multiline(g, [(this.ed.terms.just_visiting || "Just Visiting").toUpperCase()], f.x + C * 0.5, f.y + C - 12, 12, { "font-weight": 700 });
      } else {
        const color = sp.type === "go_to_jail" ? "#0b3d91" : sp.type === "free_parking" ? "#c8102e" : "#333";
        multiline(inner, wrap(sp.name, 11), cx, cy - 4, 17, { "font-weight": 800, fill: color });
      }
      this.cells[p] = g;
      return;
    }
    const cell = svg("g", { transform: f.t }, g);
    svg("rect", { x: 0, y: 0, width: w, height: C, fill: "#e8f1e1", stroke: "#222", "stroke-width": 1.5 }, cell);
    const colour = groupColour(sp.color);
    const bar = colour ? C * 0.2 : 0;
    if (colour) svg("rect", { x: 0, y: 0, width: w, height: bar, fill: colour, stroke: "#222", "stroke-width": 1.5 }, cell);
    let fs = Math.min(12.5, w / 6.6);
    const longest = Math.max(...sp.name.split(/\s+/).map((x) => x.length));
    if (longest * fs * 0.66 > w - 6) fs = (w - 6) / (longest * 0.66);
    const lines = wrap(sp.name, Math.max(longest, Math.floor((w - 6) / (fs * 0.64)))).slice(0, 4);
    multiline(cell, lines, w / 2, bar + fs + 4, fs, { "font-weight": 700 });
    const kindWord = colour ? "" : (this.ed.terms[sp.type] || (sp.type === "card" ? "" : sp.type.replace(/_/g, " ")));
    if (!colour && sp.type !== "card") multiline(cell, [kindWord.toUpperCase()], w / 2, C * 0.66, fs * 0.72, { fill: "#555", "letter-spacing": 0.5 });
    if (sp.type === "card") multiline(cell, ["?"], w / 2, C * 0.72, 34, { "font-weight": 900, fill: p % 3 ? "#f7941d" : "#3a7bd5" });
    const price = sp.price || (sp.type === "tax" ? sp.amount : 0);
    if (price) multiline(cell, [(sp.type === "tax" ? "Pay " : "") + money(this.ed, price)], w / 2, C - 20, fs * 0.95);
    // owner band (outer edge), mortgage mark and building pips live in a "marks" group redrawn on update
    this.marks[p] = svg("g", {}, cell);
    this.cells[p] = g;
  }

  drawCentre() {
    const g = svg("g", {}, this.root);
    const c = S / 2;
    const name = this.ed.name.replace(/^Monopoly:?\s*/i, "");
    svg("rect", { x: c - 250, y: c - 300, width: 500, height: 74, rx: 6, fill: "#c8102e", stroke: "#7a0a1c", "stroke-width": 4, transform: `rotate(-8 ${c} ${c - 263})` }, g);
    multiline(g, ["MONOPOLY"], c, c - 248, 52, { "font-weight": 900, fill: "#fff", transform: `rotate(-8 ${c} ${c - 263})`, "letter-spacing": 4 });
    // (below the tilted banner's lowest corner, about c - 192, and above the dice)
    multiline(g, wrap(name, 46).slice(0, 2), c, c - 172, 18, { "font-weight": 700, fill: "#1d3b2a", class: "subtitle" });
    this.diceG = svg("g", {}, g);
    this.infoT = multiline(g, [""], c, c + 300, 16, { fill: "#1d3b2a", "font-weight": 600 });
  }

  drawDie(x, y, v, colour = "#fff", swapper = false) {
    const g = svg("g", { class: "die" }, this.diceG);
    svg("rect", { x, y, width: 56, height: 56, rx: 10, fill: colour, stroke: "#222", "stroke-width": 2.5 }, g);
    if (swapper) {         // Empire's sneaky-swapper face: two arrows, not a pip
      svg("path", { d: `M${x + 12} ${y + 22} h28 l-7 -7 M${x + 44} ${y + 34} h-28 l7 7`, stroke: "#c8102e", "stroke-width": 4,
        fill: "none", "stroke-linecap": "round", "stroke-linejoin": "round" }, g);
      g.setAttribute("data-value", v); g.setAttribute("data-face", "swapper");
      return;
    }
    const P = { 1: [[2, 2]], 2: [[1, 1], [3, 3]], 3: [[1, 1], [2, 2], [3, 3]], 4: [[1, 1], [3, 1], [1, 3], [3, 3]],
      5: [[1, 1], [3, 1], [2, 2], [1, 3], [3, 3]], 6: [[1, 1], [3, 1], [1, 2], [3, 2], [1, 3], [3, 3]] }[v] || [];
    for (const [i, j] of P) svg("circle", { cx: x + i * 14, cy: y + j * 14, r: 5.5, fill: "#111" }, g);
    g.setAttribute("data-value", v);
  }

  update(view, names) {
    // The view says at which level a street holds a hotel (the quicker game: after 3 houses, level 4);
    // a family without hotels has no hotel_level, and its levels are drawn as houses.
    const hotel = view.hotel_level ?? Infinity, houses = view.houses_per_hotel ?? 4;
    for (let p = 0; p < this.n; p++) {
      const m = this.marks[p]; if (!m) continue;
      m.innerHTML = "";
      const { w, C } = this;
      const owner = view.owner ? view.owner[p] : -1;
      if (owner !== undefined && owner >= 0) {
        svg("rect", { x: 2, y: C - 11, width: w - 4, height: 9, fill: PLAYER_COLOURS[owner % 6], stroke: "#222", "stroke-width": 1, class: "owner", "data-owner": owner }, m);
      }
      if (view.mortgaged && view.mortgaged[p]) {
        svg("rect", { x: 0, y: 0, width: w, height: C, fill: "rgba(90,90,90,.45)" }, m);
        multiline(m, ["MORTGAGED"], w / 2, C / 2, Math.min(11, w / 7), { "font-weight": 800, fill: "#fff", transform: `rotate(-60 ${w / 2} ${C / 2})` });
      }
      const level = view.level ? view.level[p] : 0;
      if (level > 0) {
        const bar = C * 0.2;
        if (level >= hotel) {
          svg("rect", { x: w / 2 - 16, y: 4, width: 32, height: bar - 8, rx: 2, fill: "#d32f2f", stroke: "#400", class: "hotel" }, m);
        } else {
          const pw = Math.min(14, (w - 10) / Math.max(houses, level) - 3);
          for (let i = 0; i < level; i++) svg("rect", { x: 5 + i * (pw + 3), y: bar / 2 - pw / 2, width: pw, height: pw, fill: "#2e7d32", stroke: "#0b2e0f", class: "house" }, m);
        }
      }
      // Empire: billboards/stock; Mandalorian: enemies and Grogu drawn below as board markers
    }
    // family markers on spaces (Mandalorian enemies / Grogu)
    if (this.markerLayer) this.markerLayer.remove();
    this.markerLayer = svg("g", {}, this.root);
    const badge = (p, i, label, fill, title) => {
      const [x, y] = this.centreOf(p);
      const g = svg("g", { class: "marker" }, this.markerLayer);
      svg("rect", { x: x - 34 + i * 24, y: y - 40, width: 22, height: 22, rx: 4, fill, stroke: "#111", transform: `rotate(45 ${x - 23 + i * 24} ${y - 29})` }, g);
      multiline(g, [label], x - 23 + i * 24, y - 24, 12, { fill: "#fff", "font-weight": 800 });
      svg("title", {}, g).textContent = title;
    };
    (view.enemies || []).forEach((e, i) => { if (e.space >= 0) badge(e.space, i, e.name[0], "#5b1010", e.name); });
    if (view.grogu && view.grogu.space >= 0) badge(view.grogu.space, 3, "G", "#4caf50", "Grogu");
    if (this.ed.family_data && this.ed.family_data.empire) this.drawTowers(view, names);
    this.drawDice(view.dice || []);
    const prompt = view.prompt;
    this.infoT.querySelector("tspan").textContent = view.over ? "Game over" : `Round ${view.round ?? ""}`;
    this.moveTokens(view, names);
  }

  // The dice: a new roll tumbles through random faces for a moment before it shows what was rolled.
  drawDice(dice) {
    const key = dice.join(",");
    const fresh = this.lastDice !== undefined && key !== this.lastDice && dice.length > 0;
    this.lastDice = key;
    const c = S / 2, startX = c - (dice.length * 66 - 10) / 2;
    const swapFace = this.ed.family === "empire" ? this.ed.rules.swapper_face : null;
    const show = (faces) => {
      this.diceG.innerHTML = "";
      faces.forEach((v, i) => this.drawDie(startX + i * 66, c - 128, v, "#fff", i === 1 && v === swapFace));
    };
    clearInterval(this.rolling);
    if (!fresh || matchMedia("(prefers-reduced-motion: reduce)").matches) { show(dice); return; }
    let n = 0;
    this.diceG.setAttribute("class", "rolling");
    this.rolling = setInterval(() => {
      if (++n >= 7) { clearInterval(this.rolling); this.diceG.removeAttribute("class"); show(dice); return; }
      show(dice.map(() => 1 + Math.floor(Math.random() * 6)));
    }, 70);
  }

  // Monopoly Empire: each player's tower as a vertical stack of billboard blocks (set colours; offices grey),
  // in the free strips left and right of the prompt; height out of the capacity and the tower value below.
  drawTowers(view, names) {
    const emp = this.ed.family_data.empire, players = view.players || [];
    if (this.towerLayer) this.towerLayer.remove();
    this.towerLayer = svg("g", { class: "towers" }, this.root);
    const perSide = Math.max(1, Math.ceil(players.length / 2));
    const inner = this.C + 6, stripW = 76, gap = 6;
    const tw = Math.min(32, (stripW - gap * (perSide - 1)) / perSide);
    const unit = 15, top = 488, base = top + emp.capacity * unit;
    const pieceColour = (pc) => pc === emp.office ? "#5a5a5a" : (groupColour(this.ed.spaces[pc]?.color) || "#b0b0b0");
    const pieceName = (pc) => pc === emp.office ? "office" : (this.ed.spaces[pc]?.name || `piece ${pc}`);
    players.forEach((pl, seat) => {
      const left = seat < perSide, i = left ? seat : seat - perSide;
      const x = left ? inner + i * (tw + gap) : S - inner - stripW + i * (tw + gap);
      const cx = x + tw / 2;
      const g = svg("g", { class: "tower", "data-seat": seat, "data-height": pl.height ?? 0, opacity: pl.alive === false ? 0.35 : 1 }, this.towerLayer);
      const tower = pl.tower || [];
      svg("title", {}, g).textContent = `${names[seat] || pl.name}'s tower: ${pl.height ?? 0}/${emp.capacity}, worth ${money(this.ed, pl.tower_value ?? 0)}`
        + (tower.length ? ` — ${tower.map(pieceName).join(", ")} (bottom to top)` : " — empty");
      svg("rect", { x, y: top, width: tw, height: base - top, fill: "rgba(255,255,255,.35)", stroke: "#355", "stroke-width": 1, "stroke-dasharray": "3 3" }, g);
      let y = base;
      for (const pc of tower) {
        const h = (emp.heights[pc] ?? (pc === emp.office ? emp.office_height : 1)) * unit;
        y -= h;
        const b = svg("rect", { x: x + 1, y, width: tw - 2, height: h, fill: pieceColour(pc), stroke: "#222", "stroke-width": 1.2,
          class: pc === emp.office ? "office" : "billboard", "data-piece": pc }, g);
        svg("title", {}, b).textContent = pieceName(pc);
        if (pc === emp.office) for (let wy = y + 4; wy + 5 < y + h; wy += 9)
          for (let wx = x + 5; wx + 5 < x + tw - 3; wx += 8) svg("rect", { x: wx, y: wy, width: 4, height: 5, fill: "#f4e58a" }, g);
      }
      svg("line", { x1: x - 2, y1: base, x2: x + tw + 2, y2: base, stroke: "#222", "stroke-width": 3 }, g);
      svg("circle", { cx, cy: top - 16, r: 12, fill: PLAYER_COLOURS[seat % 6], stroke: "#111", "stroke-width": 2 }, g);
      multiline(g, [tokenLabels(names)[seat] || "?"], cx, top - 11.5, 13, { "font-weight": 900, fill: seat === 3 ? "#111" : "#fff" });
      // neighbouring towers' labels on alternate rows: side by side they ran together ("10/1616/16")
      const row = (i % 2) * 28;
      multiline(g, [`${pl.height ?? 0}/${emp.capacity}`], cx, base + 16 + row, 12, { "font-weight": 800, fill: "#1d3b2a", class: "tower-height" });
      multiline(g, [money(this.ed, pl.tower_value ?? 0)], cx, base + 30 + row, 10, { "font-weight": 600, fill: "#1d3b2a", class: "tower-value" });
    });
  }

  moveTokens(view, names) {
    const players = view.players || [];
    players.forEach((pl, seat) => {
      let t = this.tokens[seat];
      const label = tokenLabels(names)[seat];
      if (t && t.dataset.label !== label) { t.remove(); t = null; }      // a joiner chose a name
      if (!t) {
        t = svg("g", { class: "token", "data-seat": seat, "data-label": label }, this.tokenLayer);
        tokenShape(t, seat);
        multiline(t, [label], 0, label.length > 1 ? 4.5 : 5.5, label.length > 1 ? 11 : 14, { "font-weight": 900, fill: seat === 3 ? "#111" : "#fff" });
        svg("title", {}, t).textContent = names[seat] || "";
        this.tokens[seat] = t; this.shown[seat] = pl.position;
        this.placeToken(seat, pl.position, pl);
      }
      t.style.display = pl.alive === false ? "none" : "";
      t.setAttribute("data-pos", pl.position);
      const from = this.shown[seat], to = pl.position;
      if (from === to || from === undefined || pl.in_jail) { this.shown[seat] = to; this.placeToken(seat, to, pl); return; }
      const steps = (to - from + this.n) % this.n;
      if (steps > 12 || steps === 0) { this.shown[seat] = to; this.placeToken(seat, to, pl); return; }
      clearInterval(t._anim);
      let at = from;
      t._anim = setInterval(() => {
        at = (at + 1) % this.n; this.placeToken(seat, at, pl); this.shown[seat] = at;
        if (at === to) clearInterval(t._anim);
      }, 90);
    });
  }

  placeToken(seat, pos, pl) {
    let [x, y] = this.centreOf(pos);
    // three across, two down, 28 apart: six tokens on one space never cover each other
    const dx = ((seat % 3) - 1) * 27, dy = (Math.floor(seat / 3) - 0.3) * 28;
    if (pos === this.side && pl && pl.in_jail) { x += 16; y -= 16; }
    this.tokens[seat].setAttribute("transform", `translate(${x + dx},${y + dy + 10})`);
  }
}

// A shape per seat (besides its colour), so that tokens differ for colour-blind players and at a glance.
function tokenShape(g, seat) {
  const fill = PLAYER_COLOURS[seat % 6], r = 13, attrs = { fill, stroke: "#111", "stroke-width": 2.5, class: "token-shape" };
  const poly = (pts) => svg("polygon", { points: pts.map(([a, b]) => `${a.toFixed(1)},${b.toFixed(1)}`).join(" "), ...attrs }, g);
  const ring = (n, rot, rr = r + 1) => Array.from({ length: n }, (_, i) => [rr * Math.cos(rot + (2 * Math.PI * i) / n), rr * Math.sin(rot + (2 * Math.PI * i) / n)]);
  switch (seat % 6) {
    case 0: svg("circle", { r, ...attrs }, g); break;
    case 1: svg("rect", { x: -r + 1, y: -r + 1, width: 2 * r - 2, height: 2 * r - 2, rx: 3, ...attrs }, g); break;
    case 2: poly(ring(3, -Math.PI / 2, r + 3)); break;
    case 3: poly(ring(4, 0, r + 2)); break;
    case 4: poly(ring(6, 0)); break;
    default: poly(Array.from({ length: 10 }, (_, i) => { const rr = i % 2 ? r * 0.6 : r + 3, a = -Math.PI / 2 + (Math.PI * i) / 5; return [rr * Math.cos(a), rr * Math.sin(a)]; }));
  }
  g.setAttribute("data-shape", ["circle", "square", "triangle", "diamond", "hexagon", "star"][seat % 6]);
}
