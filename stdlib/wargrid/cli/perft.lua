-- wargrid.cli.perft: `wargrid perft`, the leaves of the game tree.
local wg = require "wargrid"
local natural_less = require("wargrid.game").natural_less
local json = require "wargrid.json"
local common = require "wargrid.cli.common"

local M = {}

M.perft = {
  help = [=[
usage: wargrid perft GAME DEPTH [--position P] [--divide] [--stats]
                               [--seed N] [--option NAME[=VALUE]]
                               [--variant FILE] [--json]

Counts the leaves of the game tree DEPTH actions (or decisions) deep; chance
follows the state's random generator, which --seed starts (default 0). With
--divide, one line "ACTION: N" per legal action first. The last line is
always "Nodes searched: N", as Fairy-Stockfish prints it. --stats adds the
time, nodes per second and peak memory on stderr.
--json prints one object instead:
  {"game": NAME, "depth": DEPTH, "nodes": N,
   "divide": [{"action": ACTION, "nodes": N}, ...] (with --divide)}]=],
}

-- The leaves under each legal action, sorted by the action's text:
-- { { action = text, nodes = n }, ... }, and their sum.
local function divide(game, s, depth)
  local out = game:legal(s)
  local rows, total = {}, 0
  for i = 1, out:size() do
    local a = out:get(i)
    local mark = s:mark()
    local text = game:action_text(s, a)
    game:play(s, a)
    local n = wg.perft(game, s, depth - 1)
    s:undo(mark)
    rows[#rows + 1] = { action = text, nodes = n }
    total = total + n
  end
  table.sort(rows, function(x, y) return natural_less(x.action, y.action) end)
  return rows, total
end

function M.perft.run(args)
  local pos, opts = common.parse("perft", args, {
    position = "value", divide = "flag", variant = "value", stats = "flag",
    seed = "value", option = "list", json = "flag" })
  if opts.help then print(M.perft.help) return 0 end
  local game = common.load_game("perft", pos, opts)
  common.no_more("perft", pos, opts, 1)
  local depth = common.integer("perft", "DEPTH", pos[1], 0, 64)
  local s = common.start(game, opts, opts.seed
                         and common.integer("perft", "--seed", opts.seed))
  local t0 = wg.host.clock()
  local rows, total
  if opts.divide and depth > 0 then
    rows, total = divide(game, s, depth)
  else
    total = wg.perft(game, s, depth)
  end
  if opts.stats then
    local secs, use = wg.host.clock() - t0, wg.host.usage()
    io.stderr:write(string.format("time %.3f s, %.0f nodes/s, "
                                  .. "peak RSS %d KiB\n", secs,
                                  total / math.max(secs, 1e-9), use.peak_kib))
  end
  if opts.json then
    print(json.encode { game = game.name, depth = depth, nodes = total,
                        divide = opts.divide and (rows or {}) or nil })
    return 0
  end
  if rows then
    for _, r in ipairs(rows) do common.printf("%s: %d\n", r.action, r.nodes) end
    print()
  end
  common.printf("Nodes searched: %d\n", total)
  return 0
end

return M
