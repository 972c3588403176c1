// The teaching page's interface: the menu and the editor, the worker that runs the loop, the heatmap on the
// tool's colour scale, the statistics and verdict (teachStats), the exact matrix views and the detection curve.
// Everything it needs is in the page: the data block (teach-data) and the worker's runtime (teach-worker).
"use strict";
(() => {
  const DATA = JSON.parse(document.getElementById("teach-data").textContent);
  const RUNTIME = document.getElementById("teach-worker").textContent;
  const W = DATA.words;
  const $ = (id) => document.getElementById(id);
  const fmt = (key, vars) => (W[key] || key).replace(/\{(\w+)\}/g, (m, k) => (vars && k in vars ? String(vars[k]) : m));
  const group = (x) => Math.round(x).toLocaleString("en-US");
  const LEVELS = DATA.scale.levels;

  const state = {
    loop: DATA.loops[0],
    paramIndex: 0,
    n: DATA.default_deck,
    view: "observed",
    // The last run: its deck size, counts, shuffles done and asked, the exact key it ran against (null for
    // edited code), and how it ended.
    run: null,
    worker: null,
    watchdog: null,
    runId: 0,
  };

  // ---------------------------------------------------------------------------------------------------------
  // Loops, parameters and exact matrices.

  function loopByName(name) {
    return DATA.loops.find((l) => l.name === name) || null;
  }

  function paramValue(loop, index) {
    return loop.param ? loop.param.values[index] : null;
  }

  function templateCode(loop, value) {
    if (!loop.param) return loop.code;
    const line = "const " + loop.param.constant + " = " + loop.param.default + ";";
    return loop.code.replace(line, "const " + loop.param.constant + " = " + value + ";");
  }

  function normalise(code) {
    return code
      .split("\n")
      .map((l) => l.trim())
      .filter((l) => l.length > 0)
      .join("\n");
  }

  // Whether this browser's sort is the TimSort the exact law of the comparator sort models, for n elements:
  // the scripted answers replayed through Array.prototype.sort must give the same order with as many answers.
  const sortMatchCache = new Map();
  function browserSortMatches(n) {
    if (sortMatchCache.has(n)) return sortMatchCache.get(n);
    const probe = DATA.sort_probes[n];
    const deck = Array.from({ length: n }, (_, i) => i);
    let used = 0, overrun = false;
    deck.sort(() => {
      if (used >= probe.answers.length) {
        overrun = true;
        return 1;
      }
      return probe.answers[used++] === "1" ? -1 : 1;
    });
    const same = !overrun && used === probe.calls && deck.every((c, i) => c === probe.order[i]);
    sortMatchCache.set(n, same);
    return same;
  }

  // Why the editor's code has no exact case ("edited", "engine"), or null when it has one.
  function noExactReason() {
    const value = paramValue(state.loop, state.paramIndex);
    if (normalise($("code").value) !== normalise(templateCode(state.loop, value))) return "edited";
    if (state.loop.name === "sort-random-comparator" && !browserSortMatches(state.n)) return "engine";
    return null;
  }

  // The exact case the editor's code is, or null.
  function currentExactKey() {
    if (noExactReason() !== null) return null;
    const value = paramValue(state.loop, state.paramIndex);
    const key = state.loop.name + "/" + (value === null ? "" : value) + "/" + state.n;
    return key in DATA.exact ? key : null;
  }

  const exactCache = new Map();
  // p[card * n + pos] of an exact case.
  function exactMatrix(key) {
    if (exactCache.has(key)) return exactCache.get(key);
    const n = Number(key.split("/")[2]);
    const dev = DATA.exact[key].dev;
    const impossible = -Math.round(1 / DATA.deviation_unit);
    const p = new Float64Array(n * n);
    for (let i = 0; i < n * n; i += 1) {
      p[i] = dev[i] === impossible ? 0 : (1 + dev[i] * DATA.deviation_unit) / n;
    }
    exactCache.set(key, p);
    return p;
  }

  // ---------------------------------------------------------------------------------------------------------
  // The colour scale, as src/report/svg/heatmap.rs and src/report/position_heatmap.rs draw it.

  function autoClamp(ratios) {
    const logs = [];
    for (const r of ratios) {
      if (Number.isNaN(r)) continue;
      logs.push(r <= 0 ? Infinity : Math.abs(Math.log(r)));
    }
    if (logs.length === 0) return 2;
    logs.sort((a, b) => a - b);
    const q = logs[Math.round((logs.length - 1) * 0.975)];
    for (const c of DATA.scale.ladder) if (Math.log(c) >= q) return c;
    return 8;
  }

  function ownClamp(ratios, shuffles, n) {
    const noise = 1 + DATA.scale.noise_sigmas * Math.sqrt((n - 1) / shuffles);
    const spread = autoClamp(ratios);
    for (const c of DATA.scale.ladder) if (c >= noise && c >= spread) return c;
    return Math.max(spread, noise);
  }

  function ladderClamp(spread) {
    for (const c of DATA.scale.ladder) if (c >= spread) return c;
    return spread;
  }

  function colourOf(ratio, clamp) {
    if (Number.isNaN(ratio)) return "#9e9e9e";
    const t = ratio <= 0 ? -1 : Math.max(-1, Math.min(1, Math.log(ratio) / Math.log(clamp)));
    return DATA.scale.colours[Math.round(t * LEVELS) + LEVELS];
  }

  function ratioLabel(r) {
    let s;
    if (r >= 10) s = r.toFixed(0);
    else if (Math.round(r * 100) === r * 100 || r >= 1) s = String(Math.round(r * 100) / 100);
    else s = r.toFixed(3).replace(/0+$/, "");
    return "×" + s;
  }

  // ---------------------------------------------------------------------------------------------------------
  // What the heatmap shows.

  function observedRatios(run) {
    const n = run.n, e = run.done / n;
    const r = new Float64Array(n * n);
    for (let i = 0; i < n * n; i += 1) r[i] = run.counts[i] / e;
    return r;
  }

  // Row-major by position, like the counts.
  function exactRatios(key, n) {
    const p = exactMatrix(key);
    const r = new Float64Array(n * n);
    for (let pos = 0; pos < n; pos += 1) for (let card = 0; card < n; card += 1) r[pos * n + card] = n * p[card * n + pos];
    return r;
  }

  function diffRatios(run, key) {
    const n = run.n, p = exactMatrix(key);
    const r = new Float64Array(n * n);
    for (let pos = 0; pos < n; pos += 1) {
      for (let card = 0; card < n; card += 1) {
        const q = p[card * n + pos], o = run.counts[pos * n + card];
        r[pos * n + card] = q > 0 ? o / (run.done * q) : o > 0 ? Infinity : NaN;
      }
    }
    return r;
  }

  function textColour() {
    return getComputedStyle(document.body).color || "#1f2328";
  }

  function drawHeatmap(ratios, n, clamp) {
    const canvas = $("heatmap");
    const ctx = canvas.getContext("2d");
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    const names = DATA.names[n];
    const left = 44, top = 40;
    const cell = Math.floor(Math.min((canvas.width - left - 4) / n, (canvas.height - top - 4) / n));
    const fg = textColour();
    ctx.fillStyle = fg;
    ctx.font = "11px system-ui, sans-serif";
    ctx.textBaseline = "middle";
    ctx.textAlign = "left";
    ctx.fillText(W.axis_card + " →", left, 9);
    ctx.save();
    ctx.translate(9, top);
    ctx.rotate(Math.PI / 2);
    ctx.fillText(W.axis_position + " →", 0, 0);
    ctx.restore();
    const step = n > 13 ? 4 : 1;
    ctx.textAlign = "center";
    for (let c = 0; c < n; c += step) ctx.fillText(names[c], left + (c + 0.5) * cell, top - 12);
    ctx.textAlign = "right";
    for (let p = 0; p < n; p += step) ctx.fillText(String(p), left - 6, top + (p + 0.5) * cell);
    for (let p = 0; p < n; p += 1) {
      for (let c = 0; c < n; c += 1) {
        ctx.fillStyle = ratios ? colourOf(ratios[p * n + c], clamp) : "rgba(128,128,128,0.12)";
        ctx.fillRect(left + c * cell, top + p * cell, cell - (n <= 13 ? 1 : 0), cell - (n <= 13 ? 1 : 0));
      }
    }
    if (ratios && n <= 8) {
      ctx.textAlign = "center";
      ctx.font = "12px system-ui, sans-serif";
      for (let p = 0; p < n; p += 1) {
        for (let c = 0; c < n; c += 1) {
          const r = ratios[p * n + c];
          if (!Number.isFinite(r)) continue;
          const t = r <= 0 ? -1 : Math.log(r) / Math.log(clamp);
          ctx.fillStyle = Math.abs(t) > 0.6 ? "#ffffff" : "#1f2328";
          ctx.fillText(r.toFixed(3), left + (c + 0.5) * cell, top + (p + 0.5) * cell);
        }
      }
    }
    state.geometry = { left, top, cell, n };
  }

  function drawLegend(clamp) {
    const canvas = $("legend");
    const ctx = canvas.getContext("2d");
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    const x0 = 40, width = canvas.width - 80, steps = 2 * LEVELS + 1;
    for (let i = 0; i < steps; i += 1) {
      ctx.fillStyle = DATA.scale.colours[i];
      ctx.fillRect(x0 + (i * width) / steps, 4, width / steps + 0.5, 14);
    }
    ctx.fillStyle = textColour();
    ctx.font = "11px system-ui, sans-serif";
    ctx.textBaseline = "top";
    ctx.textAlign = "left";
    ctx.fillText("≤" + ratioLabel(1 / clamp), x0, 24);
    ctx.textAlign = "center";
    ctx.fillText("×1", x0 + width / 2, 24);
    ctx.textAlign = "right";
    ctx.fillText("≥" + ratioLabel(clamp), x0 + width, 24);
  }

  function renderMatrix() {
    const run = state.run;
    const key = run ? run.exactKey : currentExactKey();
    const n = run ? run.n : state.n;
    const hasCounts = run && run.done > 0;
    const exact = key ? exactRatios(key, n) : null;
    const observed = hasCounts ? observedRatios(run) : null;
    let clamp = 2, ratios = null, note = "";
    const exactClamp = exact ? ladderClamp(autoClamp(exact)) : 1.01;
    const obsClamp = observed ? ownClamp(observed, run.done, n) : 1.01;
    const common = Math.max(exactClamp, obsClamp);
    if (state.view === "observed" && observed) {
      ratios = observed;
      clamp = common;
      const sd = 100 * Math.sqrt((n - 1) / run.done);
      note = fmt("noise", { shuffles: group(run.done), sd: sd.toFixed(2), clamp: ratioLabel(1 / clamp) + " … " + ratioLabel(clamp) });
    } else if (state.view === "exact" && exact) {
      ratios = exact;
      clamp = common;
      note = fmt("exact_note", { clamp: ratioLabel(1 / clamp) + " … " + ratioLabel(clamp) });
    } else if (state.view === "diff" && exact && hasCounts) {
      ratios = diffRatios(run, key);
      clamp = ownClamp(ratios, run.done, n);
      note = fmt("diff_note", { clamp: ratioLabel(1 / clamp) + " … " + ratioLabel(clamp) });
    } else if (state.view !== "observed" && !exact) {
      note = W.no_exact;
    } else {
      note = W.waiting;
    }
    state.shown = { ratios, clamp, n, exact, observed };
    drawHeatmap(ratios, n, clamp);
    drawLegend(clamp);
    $("note").textContent = note;
    // Beside the statistics, the other matrix on the same scale: the exact one next to what was sampled, or
    // the sampled one next to the exact view.
    const thumb = state.view === "exact" ? observed : exact;
    drawThumb(thumb, n, state.view === "diff" ? common : clamp);
    $("thumb-caption").textContent = thumb ? (state.view === "exact" ? W.thumb_observed : W.thumb_exact) : "";
    $("thumb").hidden = !thumb;
  }

  function drawThumb(ratios, n, clamp) {
    const canvas = $("thumb");
    const ctx = canvas.getContext("2d");
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    if (!ratios) return;
    const cell = Math.floor(canvas.width / n);
    const off = Math.floor((canvas.width - cell * n) / 2);
    for (let p = 0; p < n; p += 1) {
      for (let c = 0; c < n; c += 1) {
        ctx.fillStyle = colourOf(ratios[p * n + c], clamp);
        ctx.fillRect(off + c * cell, off + p * cell, cell, cell);
      }
    }
  }

  function renderStats() {
    const body = $("stats").tBodies[0];
    body.textContent = "";
    const run = state.run;
    if (!run || run.done === 0) return;
    const s = teachStats.positionCard(run.counts, run.n);
    const rows = [
      [W.row_shuffles, group(s.shuffles)],
      [W.row_expected, (s.shuffles / run.n).toFixed(1)],
      [W.row_x2, s.x2.toFixed(1)],
      [W.row_scaled, s.statistic.toFixed(1)],
      [W.row_df, String(s.df)],
      [W.row_p, teachStats.formatLnP(s.lnP) + (s.tail === "lower" ? " ↓" : "")],
    ];
    for (const [k, v] of rows) {
      const tr = body.insertRow();
      tr.insertCell().textContent = k;
      const td = tr.insertCell();
      td.textContent = v;
      td.className = "num";
    }
    run.statistics = s;
  }

  function setVerdict(kind, text) {
    const el = $("verdict");
    el.textContent = text;
    el.className = "verdict-line" + (kind ? " v-" + kind.toLowerCase() : "");
    el.dataset.state = kind ? "done" : "";
    el.dataset.verdict = kind || "";
  }

  function renderVerdict() {
    const run = state.run;
    if (!run || !run.finished) return;
    if (run.broken) {
      setVerdict("BROKEN", fmt("verdict_broken", { why: run.broken }));
      return;
    }
    if (run.done === 0) {
      setVerdict("", "");
      return;
    }
    const s = run.statistics || teachStats.positionCard(run.counts, run.n);
    const v = teachStats.verdict(s.lnP, DATA.thresholds);
    const vars = {
      p: teachStats.formatLnP(s.lnP),
      fail: String(DATA.thresholds.fail),
      suspicious: String(DATA.thresholds.suspicious),
      shuffles: group(run.done),
    };
    let text = fmt("verdict_" + v.toLowerCase(), vars);
    if (v !== "PASS" && s.tail === "lower") text += W.too_uniform;
    if (run.done < run.total) text += fmt("partial", { done: group(run.done), total: group(run.total) });
    setVerdict(v, text);
  }

  function renderAgainst() {
    const el = $("against");
    const run = state.run;
    el.textContent = "";
    if (!run || run.done === 0 || !run.exactKey) return;
    const a = teachStats.againstExact(run.counts, run.n, exactMatrix(run.exactKey));
    if (a.impossible) {
      el.textContent = fmt("against_impossible", { card: DATA.names[run.n][a.impossible.card], pos: a.impossible.pos, count: group(a.impossible.count) });
      return;
    }
    const ok = a.lnP >= Math.log(DATA.thresholds.suspicious);
    el.textContent = fmt("against", {
      stat: a.statistic.toFixed(1),
      df: a.df,
      p: teachStats.formatLnP(a.lnP),
      judgement: ok ? W.against_ok : W.against_bad,
    });
    run.against = a;
  }

  // ---------------------------------------------------------------------------------------------------------
  // How many shuffles to see it.

  const SVG_NS = "http://www.w3.org/2000/svg";
  function svgEl(name, attrs, text) {
    const el = document.createElementNS(SVG_NS, name);
    for (const k in attrs) el.setAttribute(k, attrs[k]);
    if (text !== undefined) el.textContent = text;
    return el;
  }

  const SUPERSCRIPT = "⁰¹²³⁴⁵⁶⁷⁸⁹";
  function power10(k) {
    return k === 1 ? "10" : "10" + String(k).split("").map((d) => SUPERSCRIPT[Number(d)]).join("");
  }

  function shufflesShown() {
    return state.run && state.run.done > 0 ? state.run.done : Number($("shuffles").value);
  }

  function renderDetection() {
    const svg = $("detect-plot");
    svg.textContent = "";
    const key = state.run && state.run.finished ? state.run.exactKey : currentExactKey();
    const text = $("detect-text");
    const x0 = 56, x1 = 580, y0 = 20, y1 = 200;
    const lx = (s) => x0 + ((Math.log10(s) - 1) / 11) * (x1 - x0);
    const ly = (p) => y1 - p * (y1 - y0);
    const axes = svgEl("g", { stroke: "currentColor", "stroke-opacity": "0.35", fill: "none" });
    axes.appendChild(svgEl("path", { d: "M" + x0 + " " + y0 + "V" + y1 + "H" + x1 }));
    svg.appendChild(axes);
    const labels = svgEl("g", { fill: "currentColor", "font-size": "11" });
    for (let k = 1; k <= 12; k += 1) {
      labels.appendChild(svgEl("text", { x: lx(10 ** k), y: y1 + 14, "text-anchor": "middle" }, power10(k)));
    }
    for (const p of [0, 0.5, 1]) labels.appendChild(svgEl("text", { x: x0 - 6, y: ly(p) + 4, "text-anchor": "end" }, String(p)));
    labels.appendChild(svgEl("text", { x: (x0 + x1) / 2, y: y1 + 32, "text-anchor": "middle" }, W.axis_shuffles));
    svg.appendChild(labels);
    if (!key) {
      text.textContent = W.no_exact;
      return;
    }
    const e = DATA.exact[key];
    const line = (values, colour, dash, name, at) => {
      let d = "";
      DATA.curve_shuffles.forEach((s, i) => {
        d += (i === 0 ? "M" : "L") + lx(s).toFixed(1) + " " + ly(values[i]).toFixed(1);
      });
      svg.appendChild(svgEl("path", { d, stroke: colour, fill: "none", "stroke-width": "2", "stroke-dasharray": dash }));
      svg.appendChild(svgEl("text", { x: x1 - 4, y: at, fill: colour, "font-size": "11", "text-anchor": "end" }, name));
    };
    line(e.not_pass, "#9a6700", "5 3", W.series_not_pass, y0 + 12);
    line(e.fail, "#cf222e", "", W.series_fail, y0 + 26);
    const n = shufflesShown();
    const mx = lx(Math.max(10, Math.min(1e12, n)));
    svg.appendChild(svgEl("path", { d: "M" + mx + " " + y0 + "V" + y1, stroke: "currentColor", "stroke-dasharray": "2 2" }));
    svg.appendChild(svgEl("text", { x: mx + 4, y: y0 + 40, fill: "currentColor", "font-size": "11" }, W.marker_run + ": " + group(n)));
    if (e.shuffles_50 === null) {
      text.textContent = fmt("no_bias", { fail: String(DATA.thresholds.fail) });
      return;
    }
    // P(FAIL) at the run's size, read off the curve (linear in log shuffles between its points).
    const xs = DATA.curve_shuffles;
    let pfail = e.fail[e.fail.length - 1];
    if (n <= xs[0]) pfail = e.fail[0];
    for (let i = 1; i < xs.length; i += 1) {
      if (n <= xs[i]) {
        const f = (Math.log(n) - Math.log(xs[i - 1])) / (Math.log(xs[i]) - Math.log(xs[i - 1]));
        pfail = e.fail[i - 1] + f * (e.fail[i] - e.fail[i - 1]);
        break;
      }
    }
    const pct = pfail > 0.999 ? "> 99.9%" : pfail < 0.001 ? "< 0.1%" : "= " + (100 * pfail).toFixed(1) + "%";
    text.textContent = fmt("detect", {
      s50: group(e.shuffles_50),
      s99: group(e.shuffles_99),
      lambda: e.lambda.toPrecision(3),
      shuffles: group(n),
      pfail: pct,
    });
  }

  function renderAll() {
    renderMatrix();
    renderStats();
    renderVerdict();
    renderAgainst();
    renderDetection();
  }

  // ---------------------------------------------------------------------------------------------------------
  // The editor and the menu.

  function showEdited() {
    const reason = noExactReason();
    const el = $("edited");
    el.hidden = reason === null;
    el.textContent = reason === "edited" ? W.edited : reason === "engine" ? fmt("engine_differs", { n: state.n }) : "";
  }

  function setParamBox() {
    const p = state.loop.param;
    const box = $("param-box");
    box.hidden = !p;
    if (!p) return;
    const slider = $("param");
    slider.max = String(p.values.length - 1);
    slider.value = String(state.paramIndex);
    $("param-name").textContent = p.constant;
    $("param-value").textContent = String(p.values[state.paramIndex]);
  }

  function loadLoop(name, paramIndex) {
    const loop = loopByName(name);
    if (!loop) return;
    state.loop = loop;
    state.paramIndex = loop.param ? (paramIndex === undefined ? loop.param.values.indexOf(loop.param.default) : paramIndex) : 0;
    $("algorithm").value = loop.name;
    $("code").value = templateCode(loop, paramValue(loop, state.paramIndex));
    setParamBox();
    clearRun();
  }

  function clearRun() {
    stopWorker();
    state.run = null;
    $("progress").value = 0;
    $("progress-text").textContent = "";
    setVerdict("", "");
    showEdited();
    renderAll();
  }

  function setMessage(text, error) {
    const el = $("message");
    el.textContent = text;
    el.className = error ? "error" : "";
  }

  // ---------------------------------------------------------------------------------------------------------
  // Running.

  function stopWorker() {
    if (state.worker) state.worker.terminate();
    state.worker = null;
    if (state.watchdog) clearInterval(state.watchdog);
    state.watchdog = null;
    $("run").disabled = false;
    $("stop").disabled = true;
  }

  // Ends a run: `broken` says why the loop is BROKEN (null if it is not), `message` what to tell the student,
  // `error` whether that message reports a problem.
  function finish(run, broken, message, error) {
    if (run.finished) return;
    run.finished = true;
    run.broken = broken || null;
    stopWorker();
    setMessage(message, Boolean(broken) || Boolean(error));
    $("progress").value = run.done / run.total;
    $("progress-text").textContent = fmt("progress", { done: group(run.done), total: group(run.total) });
    renderAll();
  }

  function parseSeed(text) {
    const t = text.trim();
    if (t === "") return null;
    if (!/^\d+$/.test(t) || Number(t) > Number.MAX_SAFE_INTEGER) return undefined;
    return Number(t);
  }

  function randomSeed() {
    const words = new Uint32Array(2);
    crypto.getRandomValues(words);
    return (words[0] & 0x1fffff) * 4294967296 + words[1];
  }

  function startRun() {
    stopWorker();
    setMessage("", false);
    let seed = parseSeed($("seed").value);
    if (seed === undefined) {
      setMessage(fmt("bad_param", { name: "seed", value: $("seed").value, why: fmt("bad_number", { min: 0, max: "2^53−1" }) }), true);
      return;
    }
    if (seed === null) {
      seed = randomSeed();
      $("seed").value = String(seed);
    }
    const total = Number($("shuffles").value);
    const n = state.n;
    const code = $("code").value;
    const id = ++state.runId;
    const run = { id, n, total, done: 0, seed, counts: new Float64Array(n * n), exactKey: currentExactKey(), finished: false, broken: null };
    state.run = run;
    setVerdict("", "");
    $("verdict").dataset.state = "running";
    renderAll();
    const blob = new Blob([code + "\n" + RUNTIME], { type: "text/javascript" });
    const url = URL.createObjectURL(blob);
    const worker = new Worker(url);
    URL.revokeObjectURL(url);
    state.worker = worker;
    $("run").disabled = true;
    $("stop").disabled = false;
    const started = performance.now();
    let last = started;
    let drawPending = false;
    const redraw = () => {
      drawPending = false;
      if (state.run !== run || run.finished) return;
      $("progress").value = run.done / run.total;
      $("progress-text").textContent = fmt("progress", { done: group(run.done), total: group(run.total) });
      renderMatrix();
      renderStats();
    };
    worker.onmessage = (event) => {
      if (state.run !== run || run.finished) return;
      const m = event.data;
      last = performance.now();
      if (m.counts) {
        run.counts = m.counts;
        run.done = m.done;
      }
      switch (m.type) {
        case "ready":
          worker.postMessage({ n, shuffles: total, seed, codeLines: code.split("\n").length });
          break;
        case "progress":
          if (!drawPending) {
            drawPending = true;
            requestAnimationFrame(redraw);
          }
          break;
        case "done":
          finish(run, null, "");
          break;
        case "no-function":
          run.done = 0;
          finish(run, null, W.no_function, true);
          break;
        case "threw": {
          const line = m.where ? m.where.line : "?";
          const text = fmt("threw", { shuffle: group(m.shuffle), line, message: m.message });
          finish(run, text, text);
          break;
        }
        case "not-permutation": {
          const d = m.defect;
          const vars = { shuffle: group(m.shuffle), n, max: n - 1, length: d.length, position: d.position, value: d.value, card: d.card, first: d.first };
          const text = fmt(d.kind === "length" ? "not_perm_length" : d.kind === "value" ? "not_perm_value" : "not_perm_repeat", vars);
          finish(run, text, text);
          break;
        }
        default:
          break;
      }
    };
    worker.onerror = (event) => {
      // The script did not load: a syntax error in the code, or code that throws at its top level. The
      // default action (a console message) is cancelled: the page says what happened.
      event.preventDefault();
      if (state.run !== run || run.finished) return;
      const message = String(event.message || "").replace(/^Uncaught\s+/, "");
      run.done = 0;
      if (/SyntaxError/.test(message)) {
        finish(run, null, fmt("syntax", { line: event.lineno, column: event.colno, message: message.replace(/^SyntaxError:\s*/, "") }), true);
      } else {
        finish(run, null, fmt("load_threw", { line: event.lineno, message }), true);
      }
      setVerdict("", "");
    };
    state.watchdog = setInterval(() => {
      if (state.run !== run || run.finished) return;
      const now = performance.now();
      if (now - last > DATA.limits.stall_seconds * 1000) {
        const text = fmt("stall", { shuffle: group(run.done + 1), seconds: DATA.limits.stall_seconds });
        finish(run, text, text);
      } else if (now - started > DATA.limits.time_limit_seconds * 1000) {
        finish(run, null, fmt("time_limit", { seconds: DATA.limits.time_limit_seconds, done: group(run.done), total: group(run.total) }));
      }
    }, 200);
  }

  function stopRun() {
    const run = state.run;
    if (!run || run.finished) return;
    finish(run, null, fmt("stopped", { done: group(run.done), total: group(run.total) }));
  }

  // ---------------------------------------------------------------------------------------------------------
  // The address: ?algorithm=&shuffles=&seed=&deck=&swaps=&riffles=&view=&autorun=1.

  function applyParams() {
    const q = new URLSearchParams(location.search);
    const errors = [];
    const bad = (name, why) => errors.push(fmt("bad_param", { name, value: q.get(name), why }));
    if (q.has("algorithm")) {
      const l = loopByName(q.get("algorithm"));
      if (l) loadLoop(l.name);
      else bad("algorithm", fmt("bad_algorithm", { names: DATA.loops.map((x) => x.name).join(", ") }));
    }
    for (const p of ["swaps", "riffles"]) {
      if (!q.has(p)) continue;
      const owners = DATA.loops.filter((l) => l.param && l.param.name === p);
      if (!state.loop.param || state.loop.param.name !== p) {
        bad(p, fmt("not_applicable", { loops: owners.map((l) => l.name).join(", "), loop: state.loop.name }));
        continue;
      }
      const i = state.loop.param.values.indexOf(Number(q.get(p)));
      if (i < 0) bad(p, fmt("bad_choice", { choices: state.loop.param.values.join(", ") }));
      else loadLoop(state.loop.name, i);
    }
    if (q.has("deck")) {
      const n = Number(q.get("deck"));
      if (DATA.decks.includes(n)) {
        state.n = n;
        $("deck").value = String(n);
        clearRun();
      } else bad("deck", fmt("bad_choice", { choices: DATA.decks.join(", ") }));
    }
    if (q.has("shuffles")) {
      const s = Number(q.get("shuffles"));
      if (Number.isInteger(s) && s >= DATA.limits.min_shuffles && s <= DATA.limits.max_shuffles) {
        const select = $("shuffles");
        if (![...select.options].some((o) => Number(o.value) === s)) select.add(new Option(group(s), String(s)));
        select.value = String(s);
      } else bad("shuffles", fmt("bad_number", { min: group(DATA.limits.min_shuffles), max: group(DATA.limits.max_shuffles) }));
    }
    if (q.has("seed")) {
      const s = parseSeed(q.get("seed"));
      if (s === undefined || s === null) bad("seed", fmt("bad_number", { min: 0, max: "2^53−1" }));
      else $("seed").value = String(s);
    }
    if (q.has("view")) {
      const v = q.get("view");
      if (["observed", "exact", "diff"].includes(v)) {
        state.view = v;
        $("view-" + v).checked = true;
      } else bad("view", fmt("bad_choice", { choices: "observed, exact, diff" }));
    }
    if (q.has("autorun") && q.get("autorun") !== "1" && q.get("autorun") !== "0") bad("autorun", fmt("bad_choice", { choices: "0, 1" }));
    if (errors.length > 0) {
      setMessage(errors.join(" "), true);
      return;
    }
    renderAll();
    if (q.get("autorun") === "1") startRun();
  }

  // ---------------------------------------------------------------------------------------------------------
  // Wiring.

  $("algorithm").addEventListener("change", (e) => loadLoop(e.target.value));
  $("param").addEventListener("input", (e) => {
    state.paramIndex = Number(e.target.value);
    $("code").value = templateCode(state.loop, paramValue(state.loop, state.paramIndex));
    setParamBox();
    clearRun();
  });
  $("deck").addEventListener("change", (e) => {
    state.n = Number(e.target.value);
    clearRun();
  });
  $("shuffles").addEventListener("change", () => renderDetection());
  let editTimer = null;
  $("code").addEventListener("input", () => {
    clearTimeout(editTimer);
    editTimer = setTimeout(() => {
      showEdited();
      if (!state.run) renderAll();
    }, 150);
  });
  for (const v of ["observed", "exact", "diff"]) {
    $("view-" + v).addEventListener("change", () => {
      state.view = v;
      renderMatrix();
    });
  }
  $("run").addEventListener("click", startRun);
  $("stop").addEventListener("click", stopRun);
  for (const b of document.querySelectorAll("button[data-load]")) {
    b.addEventListener("click", () => {
      loadLoop(b.dataset.load);
      $("lab").scrollIntoView({ behavior: "smooth" });
    });
  }
  $("heatmap").addEventListener("mousemove", (e) => {
    const g = state.geometry, shown = state.shown;
    if (!g || !shown) return;
    const canvas = $("heatmap");
    const rect = canvas.getBoundingClientRect();
    const x = ((e.clientX - rect.left) * canvas.width) / rect.width;
    const y = ((e.clientY - rect.top) * canvas.height) / rect.height;
    const c = Math.floor((x - g.left) / g.cell), p = Math.floor((y - g.top) / g.cell);
    if (c < 0 || p < 0 || c >= g.n || p >= g.n) return;
    const obs = shown.observed ? shown.observed[p * g.n + c].toFixed(3) : "–";
    const exact = shown.exact ? fmt("cell_exact", { exact: shown.exact[p * g.n + c].toFixed(4) }) : "";
    $("cell").textContent = fmt("cell", { pos: p, card: DATA.names[g.n][c], obs, exact });
  });

  // For tests and for teachers' own pages.
  window.shuffleAuditTeach = {
    stats: teachStats,
    data: DATA,
    exactMatrix,
    browserSortMatches,
    noExactReason,
    run: () => state.run,
    loadLoop,
    start: startRun,
  };

  loadLoop(state.loop.name);
  applyParams();
})();
