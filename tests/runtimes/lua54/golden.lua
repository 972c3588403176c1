-- Golden outputs of Lua 5.4's math.random for shuffle-audit's `--rng lua54`: raw outputs (the low 32 bits of
-- math.random(0)), math.random(0, bound - 1), the fisher-yates loop with math.random(i) on a 1-based table, and
-- a sort by math.random() keys (distinct keys: table.sort's instability cannot show). Every deck starts from
-- 0..n-1. Run by scripts/runtime-golden.sh with lua5.4; the output is expected.txt.
local SEEDS = {0, 1, 42, 20261130, 1796126400, -1, math.mininteger}
local SIZES = {2, 10, 52, 54, 1024}
local BOUNDS = {1, 2, 3, 52, 64, 1000, 1 << 30, (1 << 30) + 1, 2147483647, 4294967295}

local function fresh(n)
  local t = {}
  for i = 1, n do t[i] = i - 1 end
  return t
end

for _, seed in ipairs(SEEDS) do
  local label = string.format("%u", seed)
  math.randomseed(seed)
  local raw = {}
  for k = 1, 8 do raw[k] = tostring(math.random(0) & 0xFFFFFFFF) end
  print("raw " .. label .. " " .. table.concat(raw, " "))
  math.randomseed(seed)
  local below = {}
  for k, b in ipairs(BOUNDS) do below[k] = b .. ":" .. math.random(0, b - 1) end
  print("below " .. label .. " " .. table.concat(below, " "))
  for _, n in ipairs(SIZES) do
    local t = fresh(n)
    math.randomseed(seed)
    for i = n, 2, -1 do
      local j = math.random(i)
      t[i], t[j] = t[j], t[i]
    end
    print("fisher-yates " .. label .. " " .. n .. " " .. table.concat(t, " "))
    math.randomseed(seed)
    local keyed = {}
    for c = 0, n - 1 do keyed[#keyed + 1] = {math.random(), c} end
    table.sort(keyed, function(a, b) return a[1] < b[1] end)
    local s = {}
    for i, p in ipairs(keyed) do s[i] = p[2] end
    print("sort-random-key " .. label .. " " .. n .. " " .. table.concat(s, " "))
  end
end
