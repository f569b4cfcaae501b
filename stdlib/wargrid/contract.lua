-- wargrid.contract: the game contract -- every hook a game may define, its
-- arguments, what it returns, who calls it, and the check wargrid makes of
-- what an untrusted script's hook returns.
--
-- A hook is a method of the game (game:NAME(...)). The loader hands an
-- untrusted game to the rest of wargrid as a face whose hooks check their
-- results here: a hook that returns what its callers cannot use (a number
-- as an action's text, an empty name, a text of megabytes) is the script's
-- fault, told in one line naming the script and the hook, as bad input
-- (exit status 2), never met later as an error in wargrid's own code.
local record = require "wargrid.record"

local plain  -- plain(v, depth, seen): what is wrong with v's tables, or nil

local M = {}

-- Texts a hook returns are capped: what wargrid does with a script's output
-- is bounded by its size.
M.ACTION_TEXT = 1000       -- an action's text, a reason, a name's words
M.REASON = 10000           -- why a text is no legal action: it may quote
                           -- the text whole (at most 1,000 characters)
M.NAME = 100               -- a side's name
M.POSITION = 1000000       -- a position's text, a start
M.PAGE = 100000            -- help, a drawing in text

-- ---- what a value may be -------------------------------------------------

local function describe(v)
  local t = type(v)
  if t == "string" then
    if #v == 0 then return "an empty text" end
    return string.format("a text of %d characters", #v)
  end
  if t == "number" then return math.type(v) == "integer" and "an integer"
                              or "a number" end
  if t == "nil" then return "nothing" end
  if t == "boolean" then return tostring(v) end
  if t == "userdata" then
    local tag = getmetatable(v)
    return tag and "a runtime object" or "a userdata"
  end
  return "a " .. t
end

-- Each kind: a test and its words.
local function text(max, empty_ok)
  return {
    function(v)
      return type(v) == "string" and #v <= max and (empty_ok or #v > 0)
    end,
    string.format("a text of %s%d characters", empty_ok and "at most "
                  or "1 to ", max),
  }
end
local function optional(kind)
  return { function(v) return v == nil or kind[1](v) end,
           "nothing or " .. kind[2] }
end
local ANY = { function() return true end, "anything" }
local INTEGER = { function(v) return math.type(v) == "integer" end,
                  "an integer" }
local NUMBER = { function(v) return type(v) == "number" end, "a number" }
local TABLE = { function(v) return type(v) == "table" end, "a table" }
-- an action's text, as a record holds it: words separated by single
-- spaces, none of { } ; , ( ) [ ] (a record is written with every action)
local ACTION = { function(v)
                   return text(M.ACTION_TEXT)[1](v)
                          and record.valid_action(v) == true
                 end, "a text of 1 to " .. M.ACTION_TEXT .. " characters "
                      .. "that a record can hold" }
local MODES = { [false] = true, move = true, capture = true, all = true }
local COLOURS = { black = true, red = true, green = true, yellow = true,
                  blue = true, magenta = true, cyan = true, white = true }
local WINNER = { function(v)
                   return v == 0 or v == 1 or v == 2
                 end, "the winner: 0 (a draw), 1 or 2" }
local function userdata_named(name, words)
  return { function(v)
             local ok, shown = pcall(tostring, v)
             return type(v) == "userdata" and ok
                    and shown:sub(1, #name + 1) == name .. ":"
           end, words }
end
-- an action list that works (not one kept from an ended call, nor one the
-- script handed over before)
local LIST = { function(v)
                 return userdata_named("wargrid.actions")[1](v)
                        and (pcall(function() return v:size() end))
               end, "an action list" }
-- a state of the game whose hook returned it (a state of another game has
-- other squares and pieces)
local STATE = { function(v, game)
                  local ok, rules = pcall(function() return v:rules() end)
                  return userdata_named("wargrid.state")[1](v) and ok
                         and rules == game.rules
                end, "a state of this game" }
local function list_of(kind)
  return { function(v)
             if type(v) ~= "table" then return false end
             for i = 1, #v do
               if not kind[1](v[i]) then return false end
             end
             return true
           end, "a list of " .. kind[2]:gsub("^an? ", "") .. "s" }
end

-- The game's squares and piece types (none when its rules are not the
-- runtime's: nothing is then a square of it).
local function counts(game)
  local ok, _, _, nsq = pcall(function() return game.rules:size() end)
  local ok2, ntypes = pcall(function() return game.rules:ntypes() end)
  return ok and math.type(nsq) == "integer" and nsq or 0,
         ok2 and math.type(ntypes) == "integer" and ntypes or 0
end
local function id_in(v, n) return math.type(v) == "integer" and v >= 1
                                  and v <= n end

-- ok, or (nil/false and why): what set_position, load and validate answer
local function ok_or_why(max)
  local why = optional(text(max))
  return function(r)
    if r[1] then return nil end
    if not why[1](r[2]) then return 2, why end
  end
end

-- ---- the hooks -----------------------------------------------------------

-- name -> { signature, returns (in words), who calls it, check }. check
-- is a list of kinds, one per result, or a function(results) -> the index
-- of the result that is wrong and its kind, or nil.
M.hooks = {
  actions = { "(s, out)", "nothing: the legal actions pushed into out",
              "every host: play, perft, the searches, records" },
  play = { "(s, a [, log])", "nothing: the action applied to s",
           "every host" },
  result = { "(s)", "winner (0 a draw, 1 or 2), reason, score",
             "outcome, the searches, when no action is legal",
             { WINNER, optional(text(M.ACTION_TEXT)), optional(NUMBER) } },
  over = { "(s)", "nil while the game goes on; else winner (0 a draw) and "
           .. "reason: an end the rules declare though actions remain",
           "outcome, the searches, playouts, selfplay",
           { optional(WINNER), optional(text(M.ACTION_TEXT)) } },
  phase_now = { "(s)", "the phase s is in (one of game.phases), or nil",
                "actions, help, why, pictures", { optional(TABLE) } },
  prepare = { "()", "the data the rules compile from the declaration, "
              .. "once per game (game:prepared() gives it)",
              "game:prepared", { TABLE } },
  outcome = { "(s)", "nil while the game goes on, else { winner, reason, "
              .. "score, text }", "play, records, selfplay, serve",
              function(r)
                local o = r[1]
                if o == nil then return nil end
                if type(o) ~= "table" then return 1, TABLE end
                if not WINNER[1](o.winner) then
                  return 1, { nil, "a table whose winner is 0, 1 or 2" }
                end
                if not text(M.ACTION_TEXT)[1](o.text) then
                  return 1, { nil, "a table whose text is a text of 1 to "
                                   .. M.ACTION_TEXT .. " characters" }
                end
                if not optional(text(M.ACTION_TEXT))[1](o.reason)
                   or not optional(NUMBER)[1](o.score) then
                  return 1, { nil, "a table whose reason is nothing or a "
                                   .. "text, and score nothing or a number" }
                end
              end },
  position_text = { "(s [, viewer])", "the position as text",
                    "position, records, engines, serve",
                    { text(M.POSITION) } },
  set_position = { "(s, text)", "true, or nil and what is wrong",
                   "game:new, game:load", ok_or_why(M.POSITION) },
  start_text = { "()", "the start position's text", "game:new",
                 { text(M.POSITION) } },
  new = { "([text [, seed]])", "a state, or nil and what is wrong",
          "every host",
          function(r, game)
            if r[1] == nil then
              if not optional(text(M.POSITION))[1](r[2]) then
                return 2, optional(text(M.POSITION))
              end
              return nil
            end
            if not STATE[1](r[1], game) then return 1, STATE end
          end },
  load = { "(s, text [, seed])", "true, or nil and what is wrong",
           "position, records", ok_or_why(M.POSITION) },
  legal = { "(s [, out])", "the action list", "every host", { LIST } },
  action_text = { "(s, a)", "the action's text", "every host",
                  { ACTION } },
  parse_action = { "(s, text)", "the action, or nil and why",
                   "play, records, engines",
                   function(r)
                     if r[1] == nil then
                       local why = optional(text(M.REASON))
                       if not why[1](r[2]) then return 2, why end
                     elseif not INTEGER[1](r[1]) then
                       return 1, INTEGER
                     end
                   end },
  action_texts = { "(s)", "the legal actions' texts, sorted", "moves",
                   { list_of(text(M.ACTION_TEXT)) } },
  action_group = { "(s, a)", "the square of the piece acting, or a label",
                   "moves, play", { { function(v)
                     return math.type(v) == "integer"
                            or text(M.ACTION_TEXT)[1](v)
                   end, "a square or a text" } } },
  action_groups = { "(s)", "the legal actions by piece", "moves, play",
                    { { list_of { function(g)
                      return type(g) == "table"
                             and text(M.ACTION_TEXT)[1](g.name)
                             and (g.square == nil
                                  or type(g.square) == "boolean")
                             and list_of(text(M.ACTION_TEXT))[1](g.texts)
                    end, "group" }[1], "a list of groups { name = a text, "
                         .. "square = true or false, texts = a list of "
                         .. "texts }" } } },
  macros = { "(s)", "the texts of the macros a player may type now",
             "play", { list_of(text(M.ACTION_TEXT)) } },
  macro = { "(s, text, seed)", "the actions text stands for; nil: no "
            .. "macro; false and why: not now", "play",
            function(r)
              if r[1] == nil then return nil end
              if r[1] == false then
                local why = text(M.REASON)
                if not why[1](r[2]) then return 2, why end
                return nil
              end
              if not list_of(INTEGER)[1](r[1]) then
                return 1, list_of(INTEGER)
              end
            end },
  explain = { "(s, text)", "{ legal = true, action, text, does } or "
              .. "{ legal = false, rule, reason }", "why, play, engines",
              function(r)
                local e = r[1]
                if type(e) ~= "table" then return 1, TABLE end
                local words = text(M.ACTION_TEXT)[1]
                if e.legal then
                  if math.type(e.action) ~= "integer" or not words(e.does)
                     or not words(e.text) then
                    return 1, { nil, "a table with the action, its text "
                                     .. "and what it does" }
                  end
                elseif not text(M.REASON)[1](e.reason)
                       or not (e.rule == nil or words(e.rule)) then
                  return 1, { nil, "a table with a reason (and a rule)" }
                end
              end },
  read_action = { "(s, text)", "what the text says, as a table, or nil "
                  .. "and why", "explain",
                  function(r, game)
                    if r[1] == nil then
                      local why = optional(text(M.REASON))
                      if not why[1](r[2]) then return 2, why end
                    elseif type(r[1]) ~= "table" then
                      return 1, TABLE
                    else
                      local p, nsq, ntypes = r[1], counts(game)
                      if not (p.from == nil or id_in(p.from, nsq))
                         or not (p.to == nil or id_in(p.to, nsq))
                         or not (p.promo == nil or id_in(p.promo, ntypes))
                         or not (p.mode == nil or MODES[p.mode]) then
                        return 1, { nil, "a table whose from and to are "
                                         .. "squares, promo a piece type and "
                                         .. "mode \"move\", \"capture\" or "
                                         .. "\"all\" (each or nothing)" }
                      end
                    end
                  end },
  why = { "(s, p, g)", "the game's own reason: rule and reason, a table "
          .. "{ rule, reason }, or nil", "explain",
          function(r)
            local words = optional(text(M.REASON))
            if type(r[1]) == "table" then
              if not words[1](r[1].rule) or not words[1](r[1].reason) then
                return 1, { nil, "a table of a rule and a reason" }
              end
            elseif not words[1](r[1]) then
              return 1, words
            elseif not words[1](r[2]) then
              return 2, words
            end
          end },
  does = { "(s, a)", "what the action does, in words", "why",
           { text(M.ACTION_TEXT) } },
  evaluate = { "(s, side)", "the position's worth for side, in the game's "
               .. "units", "the searches", { NUMBER } },
  terms = { "()", "the evaluation's terms, in order: { name, weight (the "
            .. "hand-set), piece (a material term's), help }",
            "tune, values, weights",
            { { function(v)
                if type(v) ~= "table" or #v == 0 then return false end
                local seen = {}
                for _, t in ipairs(v) do
                  if type(t) ~= "table" or not text(M.NAME)[1](t.name)
                     or seen[t.name] or type(t.weight) ~= "number"
                     or not optional(text(M.NAME))[1](t.piece)
                     or not optional(text(M.ACTION_TEXT))[1](t.help) then
                    return false
                  end
                  seen[t.name] = true
                end
                return true
              end, "a list of terms { name = a text (each once), weight = "
                   .. "a number, piece = nothing or a piece's name, "
                   .. "help }" } } },
  features = { "(s, side)", "each term's feature for side, in the terms' "
               .. "order (side's count less the other side's)", "tune",
               function(r, game)
                 local ok, n = pcall(function() return #game:terms() end)
                 local v = r[1]
                 if type(v) ~= "table" or not ok or #v ~= n then
                   return 1, { nil, "a list of a number per term" }
                 end
                 for i = 1, n do
                   if type(v[i]) ~= "number" then
                     return 1, { nil, "a list of a number per term" }
                   end
                 end
               end },
  weights = { "()", "the weights in force, by term name: hand-set, "
              .. "inherited, or the weights file's", "the evaluation, tune",
              { TABLE } },
  order = { "(s, out)", "nothing, or how many of the first actions are "
            .. "forcing (out reordered)", "the searches",
            { optional(INTEGER) } },
  forcing = { "(s, out)", "true when out holds every legal action",
              "quiescence search", { ANY } },
  random_action = { "(s, out, draw)", "the action at draw * n >> 32, or "
                    .. "nil", "playouts, selfplay",
                    { optional(INTEGER) } },
  view = { "(s, side, seed [, into])", "the state as side may know it",
           "the AI, serve, play", { STATE } },
  hidden = { "()", "true when a side cannot see some cards",
             "the AI, records", { ANY } },
  validate = { "()", "true, or nil and the rule a declaration leaves "
               .. "impossible", "the loader", ok_or_why(M.ACTION_TEXT) },
  cut_off = { "(reason)", "true when a game that ended so was cut off",
              "selfplay", { ANY } },
  notation = { "()", "how to type the game's actions (help)", "help",
               { optional(text(M.PAGE)) } },
  side_name = { "(side)", "the side's name", "every host",
                { text(M.NAME) } },
  with_options = { "(settings)", "the game with its options set",
                   "--option", { TABLE } },
  legend = { "()", "the marked layers, in drawing order", "render, help",
             function(r, game)
               local layers = type(game.L) == "table" and game.L or {}
               local entry = function(l)
                 return type(l) == "table" and layers[l.name] ~= nil
                        and l.bit == layers[l.name]
                        and optional(text(M.NAME))[1](l.mark)
                        and (l.colour == nil or COLOURS[l.colour])
                        and optional(text(M.ACTION_TEXT))[1](l.label)
               end
               if not list_of { entry, "layer" }[1](r[1]) then
                 return 1, { nil, "a list of layers: { name = a layer, bit "
                                  .. "= its number (game.L), mark, colour, "
                                  .. "label }" }
               end
             end },
  render = { "(s [, opts])", "the board as text", "play",
             { text(M.PAGE) } },
  action_marks = { "(a)", "how the action is drawn: marks", "pictures",
                   { optional(TABLE) } },
  board_marks = { "(s)", "marks drawn under the pieces", "pictures",
                  { optional(TABLE) } },
  sidebar = { "(s, viewer)", "sections beside the board", "pictures",
              { optional(TABLE) } },
  caption = { "(s)", "the line under the board", "pictures",
              { optional(text(M.ACTION_TEXT)) } },
}

-- The hooks every game defines itself: there is no default. (actions has
-- one, which lists the actions of the phase a state is in: a game defines
-- actions, or phases with their actions.)
M.required = { "play", "position_text", "set_position" }

-- The hooks that have a default, defined for every game (wargrid.game);
-- the others are optional: a host asks whether a game has one.
M.defaults = {
  "actions", "result", "outcome", "new", "load", "legal", "action_text",
  "parse_action", "action_texts", "action_group", "action_groups", "macros",
  "macro", "explain", "read_action", "why", "does", "evaluate", "view",
  "hidden", "validate", "cut_off", "notation", "side_name", "start_text",
  "with_options", "legend", "render", "phase_now", "prepare", "terms",
  "features", "weights",
}

-- M.missing(game) -> nil when game defines what the contract requires, else
-- one line: the hook missing, or a phase naming a method the game has not.
function M.missing(game)
  for _, name in ipairs(M.required) do
    if type(game[name]) ~= "function" then
      return string.format("has no %s method (every game defines it)", name)
    end
  end
  for _, p in ipairs(game.phases or {}) do
    for _, key in ipairs { "actions", "ends" } do
      local method = p[key]
      if type(method) == "string" and type(game[method]) ~= "function" then
        return string.format("phases.%s.%s: the game has no method %s",
                             p.name, key, tostring(method))
      end
    end
  end
  local own_actions = false
  for _, p in ipairs(game.phases or {}) do
    own_actions = own_actions or p.actions
  end
  local default = getmetatable(game) and getmetatable(game).__index
  if not own_actions and default and game.actions == default.actions then
    return "has no actions: define game:actions, or declare phases with "
           .. "their actions"
  end
  return nil
end

-- Tables a hook returns are read by wargrid's code, which must see what
-- was checked: a table with a metatable (whose __index may answer one
-- thing to the check and another later) is refused, in the results and in
-- the tables they hold, and so is one nested deeper than M.DEPTH (which
-- wargrid's recursive readers, JSON's, would not reach the end of).
M.DEPTH = 20

-- nil when v and the tables in it are plain and at most M.DEPTH deep
-- (depth: v's), else what is wrong; seen: the tables walked (a table held
-- twice, or a cycle, is walked once)
plain = function(v, depth, seen)
  if type(v) ~= "table" or seen[v] then return nil end
  if debug.getmetatable(v) ~= nil then return "one has a metatable" end
  if depth > M.DEPTH then
    return "one is nested deeper than " .. M.DEPTH
  end
  seen[v] = true
  for k, x in next, v do
    local why = plain(k, depth + 1, seen) or plain(x, depth + 1, seen)
    if why then return why end
  end
  return nil
end

-- M.checker(name, script) -> nil when the hook has no check, else
-- function(game, ...) -> ... that returns the hook's results (...) as they
-- are, or raises "SCRIPT: NAME returned X, not Y" for the first wrong one;
-- game is the game whose hook it is (its squares, pieces and layers).
function M.checker(name, script)
  local hook = M.hooks[name]
  local check = hook and hook[4]
  if not check then return nil end
  local function wrong(r, i, kind)
    error(string.format("%s: %s returned %s as its %s, not %s", script,
                        name, describe(r[i]),
                        i == 1 and "result" or "result #" .. i, kind[2]), 0)
  end
  -- the tables in the results first: read raw, each once
  local function plain_results(r)
    for i = 1, r.n do
      local why = plain(r[i], 1, {})
      if why then wrong(r, i, { nil, "plain tables (" .. why .. ")" }) end
    end
  end
  if type(check) == "function" then
    return function(game, ...)
      local r = table.pack(...)
      plain_results(r)
      local i, kind = check(r, game)
      if i then wrong(r, i, kind) end
      return ...
    end
  end
  return function(game, ...)
    local r = table.pack(...)
    plain_results(r)
    for i, kind in ipairs(check) do
      if not kind[1](r[i], game) then wrong(r, i, kind) end
    end
    return ...
  end
end

return M
