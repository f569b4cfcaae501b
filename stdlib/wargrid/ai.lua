-- wargrid.ai: the players a game can be given -- an alpha-beta search or a
-- Monte Carlo tree search (the runtime's, in C, with the game's Lua rules as
-- callbacks) at a strength level, and a uniformly random player.
--
-- The declaration chooses the search: ai = { search = "alphabeta" } for a
-- game of perfect information without chance (Courier, Wehrschach,
-- Trenches, Amazons), MCTS otherwise (the default: Block Wars, with its
-- cards). ai.levels lists each level's budget a decision, weakest first:
-- nodes of the alpha-beta search, iterations of MCTS.
--
-- A game may help the searches, and works without help:
--   game:evaluate(s, side)  a score for side (material by default): the
--                           alpha-beta search's evaluation at its leaves;
--                           MCTS ends playouts on it when the game declares
--                           ai = { playout_depth = N } (N random actions,
--                           0: evaluate the new node; and eval_scale, the
--                           score worth a 73% chance of winning)
--   game:order(s, out)      reorders the legal actions, most promising
--                           first; it may return how many of the first are
--                           forcing (captures), which alpha-beta tries
--                           before its own guesses. MCTS expands actions in
--                           that order (else at random); with
--                           ai.widen = true only the first of them at
--                           first, more as a node is visited (when the order
--                           is good and outcomes are noisy, as with cards)
--   game:forcing(s, out)    fills out with the forcing actions (Courier:
--                           captures and promotions), which alpha-beta's
--                           quiescence search plays out past its depth;
--                           returns true when they are every legal action
--                           (in check), so that none means the game is over
--   ai.repetition = "draw"  repeating a position draws (the searches then
--                           avoid it when ahead)
--   game:view(s, side, seed)  the state as side knows it, the unknown drawn
--                           at random with seed: for a game with hidden
--                           information (game:hidden()), every iteration of
--                           MCTS starts from such a sample, so it never
--                           reads the true state
local host = require "wargrid.host"

local ai = {}

-- Strength levels: each level's budget a decision, unless the game
-- declares its own (ai.levels, five of them): MCTS iterations, alpha-beta
-- nodes.
ai.LEVELS = { 50, 200, 800, 3000, 12000 }
ai.SEARCH_LEVELS = { 100, 600, 3000, 15000, 100000 }
ai.DEFAULT_LEVEL = 3

-- The most ai.think takes: depth, the deepest host.search goes (its
-- WG_SEARCH_MAX_PLY); a budget of 10^9, host.mcts's most iterations
-- (host.search takes more nodes, which no one waits for).
ai.MAX_DEPTH = 96
ai.MAX_BUDGET = 1000000000

-- The score MCTS reads as a 73% chance (the logit 1) when the game's
-- hints name none.
ai.EVAL_SCALE = 3

local function hints(game)
  return game.def.ai or {}
end

-- ai.eval_scale(game) -> the score MCTS reads as a 73% chance in game:
-- its hint's, else ai.EVAL_SCALE
function ai.eval_scale(game)
  return hints(game).eval_scale or ai.EVAL_SCALE
end

-- ai.kind(game) -> "alphabeta" or "mcts": the search the game declares.
function ai.kind(game)
  local kind = hints(game).search or "mcts"
  if kind ~= "alphabeta" and kind ~= "mcts" then
    error(string.format("game %s: ai.search must be \"alphabeta\" or "
                        .. "\"mcts\", not '%s'", game.name, tostring(kind)),
          0)
  end
  return kind
end

-- ai.levels(game) -> the budget of each level, weakest first.
function ai.levels(game)
  return hints(game).levels
         or (ai.kind(game) == "alphabeta" and ai.SEARCH_LEVELS or ai.LEVELS)
end

local function mcts_options(game, iterations, seed)
  local h = hints(game)
  return {
    iterations = iterations,
    seed = seed,
    playout_depth = h.playout_depth or -1,  -- none: play to the end
    eval_scale = ai.eval_scale(game),
    max_plies = h.max_plies,
    explore = h.explore,
    repetition_draw = h.repetition == "draw",
    widen = h.widen,
    hidden = game:hidden(),
  }
end

-- ai.mcts(game, s, { iterations =, seconds =, seed =, stop_fd =, input =,
-- only = }) -> action, stats (host.mcts's: input waiting on stop_fd ends
-- it; only: the root's actions to choose among)
function ai.mcts(game, s, opts)
  local o = mcts_options(game, opts.iterations, opts.seed or 1)
  o.seconds, o.stop_fd, o.input = opts.seconds, opts.stop_fd, opts.input
  o.only = opts.only
  if opts.seconds and not opts.iterations then o.iterations = nil end
  local a, st = host.mcts(game, s, o)
  st.kind = "mcts"
  return a, st
end

-- With a seed, alpha-beta adds up to this much (in hundredths of the
-- evaluation's unit) to each evaluation, by a hash of the position and the
-- seed: enough to choose among actions the evaluation cannot tell apart,
-- so that self-play games differ by seed, as MCTS's do.
ai.NOISE = 5

-- The pruning margin of futility (in the evaluation's units a ply of
-- depth) and the quiet actions late-move pruning keeps at depth d
-- (ai.LATE_MOVES + d * d), unless the game declares its own.
ai.FUTILITY = 0
ai.LATE_MOVES = 0

-- The piece values static exchange weighs captures by: each piece's
-- declared value, a royal piece's above all the others together.
local function piece_values(game)
  local values, sum, royal = {}, 0, {}
  for name, id in pairs(game.T) do
    local piece = game.def.pieces[name] or {}
    values[id] = tonumber(piece.value) or 0
    sum = sum + math.abs(values[id])
    if piece.royal then royal[#royal + 1] = id end
  end
  for _, id in ipairs(royal) do values[id] = 2 * sum + 1 end
  return values
end

local known = setmetatable({}, { __mode = "k" })

-- ai.knowledge(game) -> what the alpha-beta search is told of the game
-- beyond its callbacks, from its declaration (host.search's options):
-- repetition_draw (ai.repetition = "draw"); null_move (ai.null_move =
-- true: passing is never better than an action, so a null move searched
-- shallower may end a node -- a game with zugzwang leaves it off);
-- futility (ai.futility, ai.FUTILITY: a margin in the evaluation's units,
-- 0 for none) and lmp (ai.late_moves, ai.LATE_MOVES, 0 for none): at the
-- last plies, quiet actions that cannot lift the score are left out;
-- check_extension (ai.check_extension = true: in a game with royal pieces
-- an action giving check searches a ply on); values (with
-- ai.see = true: captures are moves onto the taken piece's square, and
-- those that lose by static exchange are tried last and left out of
-- quiescence).
function ai.knowledge(game)
  local k = known[game]
  if k then return k end
  local h = hints(game)
  k = { repetition_draw = h.repetition == "draw",
        null_move = h.null_move == true,
        futility = math.floor((h.futility or ai.FUTILITY) * 100 + 0.5),
        lmp = h.late_moves or ai.LATE_MOVES,
        check_extension = h.check_extension == true,
        values = h.see and piece_values(game) or nil }
  known[game] = k
  return k
end

-- ai.alphabeta(game, s, { nodes =, seconds =, cpu =, depth =, threads =,
-- seed =, stop_fd =, input =, info =, only =, ctrl_c =, knowledge = }) ->
-- action, stats: the alpha-beta search (host.search) within the budget
-- given (cpu = true: seconds of processor time), on threads processes;
-- with a seed, ai.NOISE; among the root's actions `only` when given. The
-- game's ai.knowledge, each key of opts.knowledge in its place (to
-- measure what one brings). Input waiting on stop_fd ends it
-- (host.search's input and info), and so does Ctrl-C with ctrl_c = true
-- (once host.on_interrupt caught it).
function ai.alphabeta(game, s, opts)
  local o = {
    nodes = opts.nodes, seconds = opts.seconds, cpu = opts.cpu,
    depth = opts.depth, threads = opts.threads, stop_fd = opts.stop_fd,
    input = opts.input, info = opts.info, only = opts.only,
    seed = opts.seed, noise = opts.seed and ai.NOISE or 0,
    ctrl_c = opts.ctrl_c,
  }
  for key, v in pairs(ai.knowledge(game)) do o[key] = v end
  for key, v in pairs(opts.knowledge or {}) do
    if key == "values" then v = v and piece_values(game) or nil end
    o[key] = v
  end
  local a, st = host.search(game, s, o)
  st.kind = "alphabeta"
  return a, st
end

-- ai.think(game, s, opts) -> action, stats: the game's own search, with
-- the budget of opts.level (1..#ai.levels(game)) or opts.budget (nodes or
-- iterations), or opts.seconds (opts.cpu: of processor time, for
-- alpha-beta), or none with opts.infinite (until input on stop_fd);
-- opts.depth (alpha-beta's most: given alone, the search goes that deep
-- whatever it takes), opts.seed, opts.threads, opts.only (the actions to
-- choose among); opts.stop_fd, opts.input: input waiting on that file
-- descriptor ends the search (once input(), when given, says so: it may
-- also give it seconds more, host.search's input); opts.info(stats):
-- alpha-beta's each iteration.
function ai.think(game, s, opts)
  local budget = opts.budget
  local alphabeta = ai.kind(game) == "alphabeta"
  if not budget and not opts.seconds and not opts.infinite
     and not (alphabeta and opts.depth) then
    budget = ai.levels(game)[opts.level or ai.DEFAULT_LEVEL]
  end
  if alphabeta then
    return ai.alphabeta(game, s, { nodes = budget, seconds = opts.seconds,
                                   cpu = opts.cpu, depth = opts.depth,
                                   threads = opts.threads, seed = opts.seed,
                                   stop_fd = opts.stop_fd, only = opts.only,
                                   input = opts.input, info = opts.info })
  end
  return ai.mcts(game, s, { iterations = budget, seconds = opts.seconds,
                            seed = opts.seed, stop_fd = opts.stop_fd,
                            input = opts.input, only = opts.only })
end

-- ai.draw(s, seed) -> the 32 random bits the random player draws with in
-- s: out:pick(draw) and game:random_action(s, out, draw) take them
function ai.draw(s, seed)
  return ((seed * 6364136223846793005 + s:hash()) >> 32) & 0xffffffff
end

-- ai.random(game, s, seed [, legal]) -> a uniformly random legal action,
-- or nil; legal: s's legal actions when the caller has them already
function ai.random(game, s, seed, legal)
  return (legal or game:legal(s)):pick(ai.draw(s, seed))
end

-- A player whose game has other evaluation weights (PLAYER@W): W is
-- "hand" (the hand-set weights) or a weights file (doc/designers.md,
-- "Tuning the evaluation"). It plays a copy of the game loaded with them
-- (wargrid.loader.reload), made once.
local function weighted(play, w)
  local copies = setmetatable({}, { __mode = "k" })
  return function(game, s, seed)
    local copy = copies[game]
    if not copy then
      copy = require("wargrid.loader").reload(game, w ~= "hand" and w)
      copies[game] = copy
    end
    return play(copy, s, seed)
  end
end

-- ai.player(spec) -> a function(game, s, seed) returning an action, and a
-- name. spec: "random", "mcts" (the default level's iterations), "mcts:N"
-- (N iterations), "alphabeta:N" (N nodes), or "level:L" (level L, 1..5,
-- of the game's own search); any but random followed by @hand or @FILE
-- plays with the evaluation's hand-set weights or a weights file's.
function ai.player(spec)
  spec = spec or ("level:" .. ai.DEFAULT_LEVEL)
  local base, w = spec:match("^(.-)@(.+)$")
  if base and base ~= "random" then
    local play, err = ai.player(base)
    if not play then return nil, err end
    local f = w ~= "hand" and io.open(w)
    if f == nil then
      return nil, string.format("%s: no weights file %s", spec,
                                require("wargrid.text").quote(w))
    end
    if f then f:close() end
    return weighted(play, w), spec
  end
  if spec == "random" then
    return ai.random, "random"
  end
  local kind, n = spec:match("^(%a+):?(%d*)$")
  n = tonumber(n)
  if kind == "mcts" and (not n or n >= 1) then
    local iterations = n or ai.LEVELS[ai.DEFAULT_LEVEL]
    return function(game, s, seed)
      return (ai.mcts(game, s, { iterations = iterations, seed = seed }))
    end, "mcts:" .. iterations
  elseif kind == "alphabeta" and n and n >= 1 then
    return function(game, s, seed)
      return (ai.alphabeta(game, s, { nodes = n, seed = seed }))
    end, "alphabeta:" .. n
  elseif kind == "level" and n and ai.LEVELS[n] then
    return function(game, s, seed)
      return (ai.think(game, s, { level = n, seed = seed }))
    end, "level:" .. n
  end
  return nil, string.format("%s is not a player: random, mcts, mcts:N, "
                            .. "alphabeta:N or level:1..%d (those but "
                            .. "random with @hand or @FILE: other weights)",
                            require("wargrid.text").quote(spec), #ai.LEVELS)
end

-- ai.choose(game, s, opts) -> action: the built-in opponent of `play`.
-- opts.level (default 3), opts.seed, opts.threads.
function ai.choose(game, s, opts)
  opts = opts or {}
  return (ai.think(game, s, { level = opts.level or ai.DEFAULT_LEVEL,
                              seed = opts.seed or 1,
                              threads = opts.threads }))
end

return ai
