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
// Words on the board are at least LEAST_PX CSS px as drawn (a board too small for that, a phone's, hides
// them: game.js shows them in the Spaces list): Board.setScale turns that into the drawing's units.
const LEAST_PX = 11.2;
const FONT = '"DejaVu Sans", Arial, sans-serif';
let measurer = null;
function textWidth(text, size, weight = 400) {
  measurer = measurer || document.createElement("canvas").getContext("2d");
  measurer.font = `${weight} ${size}px ${FONT}`;
  return measurer.measureText(text).width;
}
// A line may be drawn up to this much narrower than its font makes it (SVG textLength): letters a little
// condensed read better than a word broken after its sixth letter.
const SQUEEZE = 1.2;
// ``text`` in lines at most ``width`` wide (measured, SQUEEZE allowed): words wider than a line are split
// with a hyphen (at least three letters a piece); at most ``most`` lines, the last cut short with an
// ellipsis (the whole name is in the space's tooltip and deed).
function fitLines(text, width, size, weight, most) {
  const fits = (t) => textWidth(t, size, weight) <= width * SQUEEZE;
  const pieces = [];
  for (const word of String(text).split(/\s+/).filter(Boolean)) {
    let rest = word;
    while (!fits(rest) && rest.length > 5) {
      let n = rest.length - 3;
      while (n > 3 && !fits(rest.slice(0, n) + "-")) n--;
      pieces.push([rest.slice(0, n) + "-", true]); rest = rest.slice(n);
    }
    pieces.push([rest, false]);
  }
  const lines = [];
  for (const [piece, broken] of pieces) {   // (a broken word's pieces each start a line)
    const last = lines.length ? lines[lines.length - 1] : null;
    if (last && !last.endsWith("-") && !broken && fits(`${last} ${piece}`)) lines[lines.length - 1] = `${last} ${piece}`;
    else lines.push(piece);
  }
  if (lines.length <= most) return lines;
  const kept = lines.slice(0, most);
  let tail = kept[most - 1].replace(/-$/, "");
  while (tail.length > 1 && !fits(tail + "…")) tail = tail.slice(0, -1);
  kept[most - 1] = tail + "…";
  return kept;
}
function multiline(parent, lines, x, y, size, attrs = {}) {
  const t = svg("text", { x, y, "font-size": size, "text-anchor": "middle", ...attrs }, parent);
  lines.forEach((l, i) => { const s = svg("tspan", { x, dy: i === 0 ? 0 : size * 1.1 }, t); s.textContent = l; });
  return t;
}
// ``multiline`` of lines from fitLines: a line wider than ``width`` is condensed to it.
function fitted(parent, lines, x, y, size, weight, width, attrs = {}) {
  const t = multiline(parent, lines, x, y, size, { "font-weight": weight, ...attrs });
  t.querySelectorAll("tspan").forEach((s, i) => {
    if (textWidth(lines[i], size, weight) > width) { s.setAttribute("textLength", width); s.setAttribute("lengthAdjust", "spacingAndGlyphs"); }
  });
  return t;
}

export class Board {
  constructor(container, edition, { onSpace } = {}) {
    this.ed = edition; this.onSpace = onSpace;
    this.n = edition.spaces.length;
    this.side = Math.ceil(this.n / 4);
    this.C = this.n > 36 ? 130 : 140;
    this.w = (S - 2 * this.C) / (this.side - 1);
    this.root = svg("svg", { viewBox: `0 0 ${S} ${S}`, role: "img", "aria-label": edition.name, "font-family": FONT });
    container.prepend(this.root);
    svg("rect", { x: 0, y: 0, width: S, height: S, fill: "#cfe5cf", stroke: "#222", "stroke-width": 4 }, this.root);
    this.F = 12.5;   // the least font size of a word, in the drawing's units (setScale)
    this.cells = []; this.marks = []; this.words = [];
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

  // The board is drawn at ``pxPerUnit`` CSS px per unit of the drawing: every word is redrawn at least
  // LEAST_PX on screen (longer words break over lines), and the tokens and markers with it.
  setScale(pxPerUnit) {
    if (!(pxPerUnit > 0)) return;
    const F = Math.max(12.5, Math.ceil((LEAST_PX / pxPerUnit) * 2) / 2);
    if (F === this.F) return;
    this.F = F;
    for (let p = 0; p < this.n; p++) { this.words[p].innerHTML = ""; this.drawWords(p); }
    this.infoT.setAttribute("font-size", Math.max(16, F));
    this.tokens.forEach((t) => t && t.remove()); this.tokens = [];
    if (this.last) this.update(...this.last);
  }

  drawSpace(p) {
    const sp = this.ed.spaces[p], f = this.frame(p), { C, w } = this;
    const g = svg("g", { class: "space", "data-pos": p, style: "cursor:pointer" }, this.root);
    g.addEventListener("click", () => this.onSpace && this.onSpace(p));
    const title = svg("title", {}, g); title.textContent = sp.name;
    if (f.corner) {
      svg("rect", { x: f.x, y: f.y, width: C, height: C, fill: "#e8f1e1", stroke: "#222", "stroke-width": 2 }, g);
      if (sp.type === "jail") {
        const bx = f.x + C * 0.34, by = f.y, bw = C * 0.66;
        svg("rect", { x: bx, y: by, width: bw, height: bw, fill: "#f7941d", stroke: "#222", "stroke-width": 2 }, g);
        for (let i = 1; i < 5; i++) svg("line", { x1: bx + i * bw / 5, y1: by + bw * 0.3, x2: bx + i * bw / 5, y2: by + bw, stroke: "#222", "stroke-width": 2.5 }, g);
      }
      this.words[p] = svg("g", { class: "words" }, g);
      this.drawWords(p);
      this.cells[p] = g;
      return;
    }
    const cell = svg("g", { transform: f.t }, g);
    svg("rect", { x: 0, y: 0, width: w, height: C, fill: "#e8f1e1", stroke: "#222", "stroke-width": 1.5 }, cell);
    const colour = groupColour(sp.color);
    if (colour) svg("rect", { x: 0, y: 0, width: w, height: C * 0.2, fill: colour, stroke: "#222", "stroke-width": 1.5 }, cell);
    this.words[p] = svg("g", { class: "words" }, cell);
    this.drawWords(p);
    // owner band (outer edge), mortgage mark and building pips live in a "marks" group redrawn on update
    this.marks[p] = svg("g", {}, cell);
    this.cells[p] = g;
  }

  // A space's words at the board's least size (this.F): the name, what kind of space, the price.
  drawWords(p) {
    const sp = this.ed.spaces[p], f = this.frame(p), { C, w, F } = this, g = this.words[p];
    if (f.corner) {
      const cx = f.x + C / 2, cy = f.y + C / 2;
      const inner = svg("g", { transform: `rotate(${[-45, 45, 135, -135][f.k]} ${cx} ${cy})` }, g);
      if (sp.type === "go") {
        multiline(inner, ["GO"], cx, cy + 14, 44, { "font-weight": 900, fill: "#c8102e" });
        // Empire pays the tower's value at GO, not a fixed salary.
        const salary = this.ed.family === "empire" ? "your tower value" : money(this.ed, this.ed.rules.go_salary ?? 200);
        // (above GO, inside the corner: the next space is drawn over whatever runs past it)
        const size = Math.max(12, F), lines = fitLines(`collect ${salary}`, C * 0.8, size, 400, 3);
        fitted(inner, lines, cx, cy - 24 - (lines.length - 1) * size * 1.1, size, 400, C * 0.8);
      } else if (sp.type === "jail") {
        const bx = f.x + C * 0.34, by = f.y, bw = C * 0.66;
        const big = Math.max(14, F), small = Math.max(12, F);
        fitted(g, fitLines((this.ed.terms.jail || "Jail").toUpperCase(), bw - 6, big, 800, 1), bx + bw / 2, by + bw * 0.22, big, 800, bw - 6);
        const visiting = fitLines((this.ed.terms.just_visiting || "Just Visiting").toUpperCase(), C - 6, small, 700, 2);
        fitted(g, visiting, f.x + C * 0.5, f.y + C - 12 - (visiting.length - 1) * small * 1.1, small, 700, C - 6);
      } else {
        const color = sp.type === "go_to_jail" ? "#0b3d91" : sp.type === "free_parking" ? "#c8102e" : "#333";
        const size = Math.max(17, F), lines = fitLines(sp.name, C * 1.15, size, 800, 3);
        fitted(inner, lines, cx, cy - 4 - (lines.length - 1) * size * 0.55, size, 800, C * 1.15, { fill: color });
      }
      return;
    }
    const colour = groupColour(sp.color), bar = colour ? C * 0.2 : 0;
    // (the size the cell gives its words when the board is large; never under the least readable size)
    const fs = Math.max(F, Math.min(12.5, w / 6.6)), step = fs * 1.1;
    const price = sp.price || (sp.type === "tax" ? sp.amount : 0);
    const bottom = price ? C - 20 - fs : C - 6;   // the words above the price
    const room = Math.max(1, Math.floor((bottom - bar - 4) / step));
    const card = sp.type === "card";
    const lines = fitLines(sp.name, w - 6, fs, 700, card ? Math.max(1, room - 2) : room);
    fitted(g, lines, w / 2, bar + fs + 4, fs, 700, w - 6);
    const kind = colour || card ? "" : (this.ed.terms[sp.type] || sp.type.replace(/_/g, " "));
    const said = kind && sp.name.toLowerCase().includes(kind.toLowerCase());   // ("Income Tax" needs no "TAX")
    const kindLines = kind && !said && lines.length < room ? fitLines(kind.toUpperCase(), w - 6, fs, 400, 1) : [];
    if (kindLines.length && !kindLines[0].endsWith("…")) fitted(g, kindLines, w / 2, bar + fs + 4 + lines.length * step, fs, 400, w - 6, { fill: "#555" });
    if (card) multiline(g, ["?"], w / 2, C * 0.72 + Math.max(0, lines.length - 1) * step * 0.5, 34, { "font-weight": 900, fill: p % 3 ? "#f7941d" : "#3a7bd5" });
    if (price) fitted(g, fitLines((sp.type === "tax" ? "Pay " : "") + money(this.ed, price), w - 4, fs, 400, 1), w / 2, C - 20, fs, 400, w - 4);
  }

  drawCentre() {
    const g = svg("g", {}, this.root);
    const c = S / 2;
    const name = this.ed.name.replace(/^Monopoly:?\s*/i, "");
    svg("rect", { x: c - 250, y: c - 300, width: 500, height: 74, rx: 6, fill: "#c8102e", stroke: "#7a0a1c", "stroke-width": 4, transform: `rotate(-8 ${c} ${c - 263})`, class: "banner" }, g);
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
    this.last = [view, names];
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
        multiline(m, ["MORTGAGED"], w / 2, C / 2, this.F, { "font-weight": 800, fill: "#fff", transform: `rotate(-60 ${w / 2} ${C / 2})` });
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
      multiline(g, [label], x - 23 + i * 24, y - 29 + Math.max(12, this.F) * 0.38, Math.max(12, this.F), { fill: "#fff", "font-weight": 800 });
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
      const F = this.F;
      multiline(g, [tokenLabels(names)[seat] || "?"], cx, top - 16 + Math.max(13, F) * 0.36, Math.max(13, F), { "font-weight": 900, fill: seat === 3 ? "#111" : "#fff" });
      // neighbouring towers' labels on alternate rows: side by side they ran together ("10/1616/16")
      const big = Math.max(12, F), small = Math.max(10, F), row = (i % 2) * (big + small + 6);
      multiline(g, [`${pl.height ?? 0}/${emp.capacity}`], cx, base + 4 + big + row, big, { "font-weight": 800, fill: "#1d3b2a", class: "tower-height" });
      multiline(g, [money(this.ed, pl.tower_value ?? 0)], cx, base + 6 + big + small + row, small, { "font-weight": 600, fill: "#1d3b2a", class: "tower-value" });
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
        tokenShape(t, seat, Math.max(13, this.F * 0.9));
        const size = Math.max(label.length > 1 ? 11 : 14, this.F);
        multiline(t, [label], 0, size * 0.38, size, { "font-weight": 900, fill: seat === 3 ? "#111" : "#fff" });
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
    const apart = Math.max(27, this.F * 1.9);
    const dx = ((seat % 3) - 1) * apart, dy = (Math.floor(seat / 3) - 0.3) * (apart + 1);
    if (pos === this.side && pl && pl.in_jail) { x += 16; y -= 16; }
    this.tokens[seat].setAttribute("transform", `translate(${x + dx},${y + dy + 10})`);
  }
}

// A shape per seat (besides its colour), so that tokens differ for colour-blind players and at a glance.
function tokenShape(g, seat, r = 13) {
  const fill = PLAYER_COLOURS[seat % 6], attrs = { fill, stroke: "#111", "stroke-width": 2.5, class: "token-shape" };
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
