// The teaching page in a real browser: Playwright (playwright-core) driving the system's Chromium, on the page
// opened straight from disk (file://). Run by scripts/teach-check.sh, which writes the pages and installs
// playwright-core; every check prints one line, any failure or any console error fails the whole run, and the
// screenshots are kept under target/teach-check/.
//
//   node scripts/teach-check.js EN_PAGE ZH_PAGE FIXTURE OUT_DIR
//
// The runs use fixed seeds, so each verdict is the same every time. The rates behind them, for the record:
// a fair loop is called SUSPICIOUS or worse with probability at most 1e-3 and FAIL at most 1e-9 (the tool's
// thresholds; the seeds below are not chosen among others); the naive swap on 52 cards FAILs with probability
// above 1 − 1e-12 at 10^5 shuffles (the page's own curve: 99% already at about 1,020); each check of a loop
// against its exact matrix is called a mismatch below p = 1e-6 (false-alarm rate 1e-6 per check).
"use strict";
const fs = require("fs");
const path = require("path");
const { chromium } = require("playwright-core");

const [enPage, zhPage, fixturePath, outDir] = process.argv.slice(2);
if (!enPage || !zhPage || !fixturePath || !outDir) {
  console.error("usage: node scripts/teach-check.js EN_PAGE ZH_PAGE FIXTURE OUT_DIR");
  process.exit(2);
}
const chromiumPath = process.env.CHROMIUM || "/usr/bin/chromium";
const fileUrl = (p, query) => "file://" + path.resolve(p) + (query ? "?" + query : "");

const failures = [];
function check(ok, what, detail) {
  if (ok) {
    console.log("ok   " + what);
  } else {
    console.log("FAIL " + what + (detail ? ": " + detail : ""));
    failures.push(what);
  }
}

async function main() {
  fs.mkdirSync(outDir, { recursive: true });
  const browser = await chromium.launch({ executablePath: chromiumPath, args: ["--no-sandbox"] });
  const consoleErrors = [];
  const offline = [];

  async function open(page, query, options) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 1100 }, ...(options || {}) });
    const tab = await context.newPage();
    tab.on("console", (m) => {
      if (m.type() === "error" || m.type() === "warning") consoleErrors.push(m.type() + ": " + m.text() + " (" + query + ")");
    });
    tab.on("pageerror", (e) => consoleErrors.push("uncaught: " + e.message + " (" + query + ")"));
    tab.on("request", (r) => {
      const u = r.url();
      if (!u.startsWith("file:") && !u.startsWith("blob:") && !u.startsWith("data:")) offline.push(u);
    });
    await tab.goto(fileUrl(page, query));
    return { tab, context };
  }

  async function verdictOf(tab, timeout) {
    await tab.waitForSelector("#verdict[data-state=done]", { timeout: timeout || 120000 });
    return (await tab.textContent("#verdict")).trim();
  }

  // 1. The naive swap FAILs; the screenshot is the picture of the book's teach page and of the README.
  {
    const { tab, context } = await open(enPage, "algorithm=naive-swap&shuffles=100000&seed=1&autorun=1");
    const v = await verdictOf(tab);
    check(v.startsWith("FAIL"), "naive-swap, 100,000 shuffles, seed 1: FAIL", v);
    const against = await tab.textContent("#against");
    check(/what is left is noise/.test(against), "naive-swap agrees with its exact matrix", against);
    await tab.screenshot({ path: path.join(outDir, "teach-naive-swap.png") });
    await tab.locator("#lab").screenshot({ path: path.join(outDir, "teach-lab.png") });
    await tab.check("#view-diff");
    await tab.locator("#lab").screenshot({ path: path.join(outDir, "teach-naive-swap-diff.png") });
    await context.close();
  }

  // 2. Fisher–Yates PASSes.
  {
    const { tab, context } = await open(enPage, "algorithm=fisher-yates&shuffles=100000&seed=1&autorun=1");
    const v = await verdictOf(tab);
    check(v.startsWith("PASS"), "fisher-yates, 100,000 shuffles, seed 1: PASS", v);
    await tab.screenshot({ path: path.join(outDir, "teach-fisher-yates.png") });
    await context.close();
  }

  // 3. A syntax error is reported with its line, and nothing runs.
  {
    const { tab, context } = await open(enPage, "");
    await tab.fill("#code", "function shuffle(deck, random) {\n  for (let i = 0; i < deck.length; i++) {\n    const j = random(;\n  }\n}\n");
    await tab.click("#run");
    await tab.waitForFunction(() => document.getElementById("message").textContent.length > 0, null, { timeout: 20000 });
    const m = await tab.textContent("#message");
    check(/^Syntax error on line 3, column \d+: .+Nothing was run\.$/.test(m), "a syntax error names its line", m);
    check((await tab.textContent("#verdict")).trim() === "", "a syntax error gives no verdict");
    await tab.locator("#lab").screenshot({ path: path.join(outDir, "teach-syntax-error.png") });
    await context.close();
  }

  // 4. A loop that throws, one that returns a non-permutation and one that never ends are stopped, BROKEN.
  const broken = [
    ["throws", "function shuffle(deck, random) {\n  if (random(10) === 0) throw new Error('boom');\n}\n", /^Shuffle \d+ threw on line 2: Error: boom/],
    ["not a permutation", "function shuffle(deck, random) {\n  deck[0] = deck[1];\n}\n", /put card 1 at positions 0 and 1: not a permutation/],
    ["calls random(0)", "function shuffle(deck, random) {\n  const n = deck.length;\n  random(n - n);\n}\n", /^Shuffle 1 threw on line 3: RangeError: random\(0\)/],
    ["too few cards", "function shuffle(deck, random) {\n  return deck.slice(1);\n}\n", /returned 51 cards instead of 52/],
    ["never ends", "function shuffle(deck, random) {\n  while (true) {}\n}\n", /^Shuffle 1 ran for more than 3 s without finishing/],
    ["no shuffle function", "const x = 1;\n", /must define function shuffle/],
  ];
  for (const [what, code, want] of broken) {
    const { tab, context } = await open(enPage, "");
    await tab.fill("#code", code);
    await tab.click("#run");
    await tab.waitForFunction(() => document.getElementById("message").textContent.length > 0, null, { timeout: 30000 });
    const m = await tab.textContent("#message");
    check(want.test(m), "a loop that " + what + " is stopped with a message", m);
    const v = (await tab.textContent("#verdict")).trim();
    if (what !== "no shuffle function") check(v.startsWith("BROKEN"), "a loop that " + what + " is BROKEN", v);
    await context.close();
  }

  // 5. The stop button stops a run and judges what it counted.
  {
    const { tab, context } = await open(enPage, "algorithm=riffle&shuffles=1000000&seed=2&autorun=1");
    await tab.waitForFunction(() => Number(document.getElementById("progress").value) > 0, null, { timeout: 30000 });
    await tab.click("#stop");
    const v = await verdictOf(tab);
    const m = await tab.textContent("#message");
    check(/^Stopped after [\d,]+ of 1,000,000 shuffles/.test(m), "the stop button stops the run", m);
    check(/^(PASS|SUSPICIOUS|FAIL).*\(after [\d,]+ of 1,000,000 shuffles\)$/.test(v), "a stopped run is judged on its counts", v);
    await context.close();
  }

  // 6. The page's statistics against the Rust tool's, on the same counts (tests/teach/position-card-cases.json).
  {
    const fixture = JSON.parse(fs.readFileSync(fixturePath, "utf8"));
    const { tab, context } = await open(enPage, "");
    for (const c of fixture.cases) {
      const got = await tab.evaluate(([counts, n]) => window.shuffleAuditTeach.stats.positionCard(counts, n), [c.counts, c.n]);
      const rel = Math.abs(got.statistic - c.statistic) / Math.abs(c.statistic);
      // p relative to 1e-9 is ln p to 1e-9 absolute.
      const dp = Math.abs(got.lnP - c.ln_p);
      check(rel <= 1e-9 && dp <= 1e-9 && got.tail === c.tail && got.df === c.df,
        "statistic and p agree with Rust to 1e-9: " + c.name,
        "statistic " + got.statistic + " vs " + c.statistic + ", ln p " + got.lnP + " vs " + c.ln_p + ", tail " + got.tail);
    }
    await context.close();
  }

  // 7. Every loop of the menu follows its exact matrix (JavaScript loop against the Rust exact law).
  {
    const { tab, context } = await open(enPage, "");
    const loops = await tab.evaluate(() => window.shuffleAuditTeach.data.loops.map((l) => l.name));
    for (const [i, name] of loops.entries()) {
      for (const deck of [13, 52]) {
        if (deck === 52 && !["sort-random-comparator", "riffle", "naive-swap-off-by-one"].includes(name)) continue;
        await tab.goto(fileUrl(enPage, "algorithm=" + name + "&deck=" + deck + "&shuffles=20000&seed=" + (100 + i) + "&autorun=1"));
        await verdictOf(tab);
        const a = await tab.evaluate(([name, deck]) => {
          const T = window.shuffleAuditTeach;
          const r = T.run();
          // The test against the exact data directly, whatever the page decided to show.
          const direct = T.stats.againstExact(r.counts, r.n, T.exactMatrix(Object.keys(T.data.exact).find((k) => k.startsWith(name + "/") && k.endsWith("/" + deck) && (k.split("/")[1] === "" || Number(k.split("/")[1]) === T.data.loops.find((l) => l.name === name).param.default))));
          return {
            shown: r.against ? r.against.lnP : null,
            reason: T.noExactReason(),
            lnP: direct.lnP,
            statistic: direct.statistic,
            df: direct.df,
          };
        }, [name, deck]);
        const detail = "scaled X² " + a.statistic.toFixed(1) + " on " + a.df + " df, ln p " + a.lnP.toFixed(2);
        if (a.reason === "engine") {
          // The browser's sort is not the TimSort the exact law models: the page says so, and the counts
          // indeed do not follow that law.
          check(name === "sort-random-comparator" && a.shown === null && a.lnP < Math.log(1e-6),
            name + " on " + deck + " cards: this browser's sort differs from V8's TimSort, as the page says", detail);
        } else {
          check(a.shown !== null && a.lnP > Math.log(1e-6), name + " on " + deck + " cards follows its exact matrix", detail);
        }
      }
    }
    await context.close();
  }

  // 8. Bad address parameters are refused with a message, and nothing runs.
  for (const [query, want] of [
    ["algorithm=bogus&autorun=1", /algorithm=bogus: no such loop/],
    ["algorithm=naive-swap&swaps=20&autorun=1", /swaps=20: applies only to wash, not to naive-swap/],
    ["algorithm=fisher-yates&shuffles=10&autorun=1", /shuffles=10: expected a whole number from 1,000 to 1,000,000/],
  ]) {
    const { tab, context } = await open(enPage, query);
    const m = await tab.textContent("#message");
    check(want.test(m), "address " + query + " is refused", m);
    check((await tab.getAttribute("#run", "disabled")) === null, "nothing runs for " + query);
    await context.close();
  }

  // 9. The Chinese page, in the dark theme.
  {
    const { tab, context } = await open(zhPage, "algorithm=naive-swap&shuffles=100000&seed=1&autorun=1", { colorScheme: "dark" });
    const v = await verdictOf(tab);
    check(v.startsWith("FAIL"), "the Chinese page: naive-swap FAIL", v);
    check(/不通过/.test(v), "the Chinese page speaks Chinese", v);
    check((await tab.getAttribute("html", "lang")) === "zh-CN", "the Chinese page is marked zh-CN");
    check((await tab.textContent("h1")) === "亲眼看洗牌的偏差出现", "the Chinese title");
    await tab.screenshot({ path: path.join(outDir, "teach-zh-dark.png"), fullPage: true });
    await context.close();
  }

  await browser.close();
  check(consoleErrors.length === 0, "no console error or warning", consoleErrors.slice(0, 5).join(" | "));
  check(offline.length === 0, "no network request", offline.slice(0, 5).join(" "));
  if (failures.length > 0) {
    console.error("teach-check: " + failures.length + " check(s) failed");
    process.exit(1);
  }
  console.log("teach-check: all checks passed; screenshots in " + outDir);
}

main().catch((e) => {
  console.error("teach-check: " + (e && e.stack ? e.stack : e));
  process.exit(1);
});
