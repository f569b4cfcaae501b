-- wargrid.why: why an action is legal or not, told in one line with the ID
-- of the rule that forbids it (game:explain, `wargrid why`, `play`).
--
-- game:explain(s, text) first looks for the text among the legal actions
-- (legal: what it would do, game:does). Otherwise it reads the text in the
-- game's notation, game:read_action(s, text) -> p, a table of what the text
-- says: { text =, kind = "move", from = sq, to = sq, promo = type id } for
-- the default notation (a2a4, c7c8f); a game with other notation reads its
-- own kinds and fields. Then the reason:
--   g = M.generic(game, s, p): what every game shares -- the game is over;
--     a decision of another phase comes first; no piece on the square
--     named; a piece of the other side; the piece's pattern does not go
--     there (citing the piece's declared `rule`), or only to move, or only
--     to capture; your own piece stands there; the path is blocked at a
--     square, by a piece or by terrain (citing the layer's declared `rule`,
--     else the piece's); a promotion left out or not allowed; a royal
--     piece left attacked. nil when nothing generic forbids the action.
--   game:why(s, p, g): the game's own reasons, asked after the generic
--     ones with their answer g. It returns a reason (a table, or rule and
--     reason text), or nil to keep g. A game writes only what is its own:
--     its own kinds of action, the rules the runtime cannot know (check,
--     an opening, support for a capture), and which of its rules the
--     generic reasons fall under when it words them in its own rulebook
--     (g.kind tells which generic reason g is).
-- A reason is { rule = "C-E1" or nil, reason = "...", kind = "..." }.
local core = require "wargrid.core"
local quote = require("wargrid.text").quote

local M = {}

local MOVE = 1  -- the kind of action the pattern tracer makes (wg.MOVE)

-- Words ------------------------------------------------------------------
-- "White", "Canadians": a side's name as a player reads it
function M.side(game, side)
  return (game:side_name(side):gsub("^%l", string.upper))
end

-- "White", "the Canadians": a side as a sentence names it (a plural name
-- takes the article)
function M.the_side(game, side)
  local name = M.side(game, side)
  return name:match("s$") and "the " .. name or name
end

-- a piece type's name as a player reads it: "machine gun" for machine_gun
function M.type_name(game, t)
  return (game.type_names[t] or "?"):gsub("_", " ")
end

-- "your pawn" (me: the side asking), "the rook" (another side's)
function M.unit(game, s, pid, me)
  local t, side = s:piece(pid)
  return (side == me and "your " or "the ") .. M.type_name(game, t)
end

-- "your pawn on e2", "the rook on f8"
function M.piece(game, s, pid, me)
  return M.unit(game, s, pid, me) .. " on " .. game.rules:name(s:square(pid))
end

-- "a, b and c"
function M.list(items)
  if #items <= 1 then return items[1] or "" end
  return table.concat(items, ", ", 1, #items - 1) .. " and " .. items[#items]
end

-- The rule ID a piece type's declaration cites (`rule`), or nil.
function M.piece_rule(game, t)
  local piece = game.def.pieces[game.type_names[t]]
  return piece and piece.rule
end

-- The layers of a bit mask: their labels (or names), and the rule ID the
-- first that declares one cites (board.layers.NAME.rule).
local function layers_of(game, bits)
  local names, rule = {}, nil
  local decl = game.def.board and game.def.board.layers or {}
  for bit = 0, 31 do
    if bits & (1 << bit) ~= 0 and game.layer_names[bit] then
      local name = game.layer_names[bit]
      local l = decl[name] or {}
      names[#names + 1] = l.label or name
      rule = rule or l.rule
    end
  end
  return M.list(names), rule
end

local function reason(rule, kind, fmt, ...)
  return { rule = rule, kind = kind, reason = string.format(fmt, ...) }
end

-- Reading the default notation ------------------------------------------

-- M.normal(text) -> the text as actions are matched: lower case, without
-- spaces and dashes ("E2-e4" is "e2e4")
local function normal(text)
  return (text:lower():gsub("[%s%-]", ""))
end
M.normal = normal

-- M.square_of(game, name) -> the square, or nil and a message naming the
-- board's squares
function M.square_of(game, name)
  local sq = game.rules:square(name)
  if not sq then
    local files, ranks = game.rules:size()
    return nil, string.format("%s is not a square of this board (a1 to %s)",
                              name, game.rules:name(game.rules:at(files,
                                                                  ranks)))
  end
  return sq
end

-- Default notation: from-square, to-square and a promotion letter
-- ("a2a4", "c7c8f").
function M.read(game, _, text)
  local from, to, letter = normal(text):match("^(%l%d+)(%l%d+)(%l?)$")
  if not from then
    return nil, string.format("%s is not an action in %s's notation "
                              .. "(a move is written from-square to-square, "
                              .. "as a2a4; a promotion adds the new piece's "
                              .. "letter)", quote(text), game.name)
  end
  local a, err = M.square_of(game, from)
  if not a then return nil, err end
  local b
  b, err = M.square_of(game, to)
  if not b then return nil, err end
  local p = { text = text, kind = "move", from = a, to = b }
  if letter ~= "" then
    p.promo = game.letter_type[letter]
    if not p.promo then
      return nil, string.format("%s is not a piece letter of %s",
                                quote(letter), game.name)
    end
  end
  return p
end

-- Pattern reasons ----------------------------------------------------------
-- The reason for what s:why_not found: w = { why, at, bits, at2 }.
local function reach_reason(game, s, pid, to, mode, me, w)
  local why, at, bits, at2 = table.unpack(w, 1, 4)
  local t = s:type(pid)
  local rule = M.piece_rule(game, t)
  local who = M.piece(game, s, pid, me)
  local sq = game.rules:name(to)
  local at_name = game.rules:name(at)
  if why == "pattern" then
    return reason(rule, "pattern", "%s does not %s %s", who,
                  mode == "capture" and "capture on" or "move to", sq)
  elseif why == "mode" then
    if s:at(to) then
      return reason(rule, "mode", "%s cannot capture on %s: it goes there "
                    .. "only to move to an empty square", who, sq)
    end
    return reason(rule, "mode", "%s goes to %s only to capture, and %s is "
                  .. "empty", who, sq, sq)
  elseif why == "own" then
    return reason(rule, "own", "%s cannot go to %s, which holds %s", who,
                  sq, M.unit(game, s, s:at(to), me))
  elseif why == "piece" then
    local by = M.unit(game, s, s:at(at), me)
    if at2 then
      return reason(rule, "blocked", "%s cannot reach %s: both its paths "
                    .. "are blocked, at %s (%s) and at %s", who, sq, at_name,
                    by, game.rules:name(at2))
    end
    return reason(rule, "blocked", "%s cannot reach %s: the path is blocked "
                  .. "at %s by %s", who, sq, at_name, by)
  elseif why == "edge" then
    return reason(rule, "edge", "%s cannot reach %s: it would leave the "
                  .. "board", who, sq)
  elseif why == "screen" then
    return reason(rule, "screen", "%s reaches %s only by jumping over one "
                  .. "piece, and none stands between", who, sq)
  elseif why == "hops" then
    return reason(rule, "hops", "%s cannot reach %s: it jumps over exactly "
                  .. "one piece, and both %s and %s stand between", who, sq,
                  game.rules:name(at2), at_name)
  elseif why == "jump" then
    return reason(rule, "jump", "%s cannot jump over %s on %s", who,
                  M.unit(game, s, s:at(at), me):gsub("^your ", "a "):gsub(
                    "^the ", "a "), at_name)
  elseif why == "victim" then
    return reason(rule, "victim", "%s cannot capture %s on %s", who,
                  M.unit(game, s, s:at(to), me), sq)
  elseif why == "behind" then
    return reason(rule, "behind", "%s lands right behind the piece it "
                  .. "jumps over, on %s, never further", who, at_name)
  end
  local names, layer_rule = layers_of(game, bits)
  rule = layer_rule or rule
  if why == "terrain" then
    return reason(rule, "terrain", "%s cannot reach %s: the path is blocked "
                  .. "at %s (%s)", who, sq, at_name, names)
  elseif why == "step" then
    return reason(rule, "step", "%s cannot reach %s: the step onto %s goes "
                  .. "from one %s square to another", who, sq, at_name,
                  names)
  elseif why == "outside" then
    return reason(rule, "outside", "%s moves that way only on the %s, and "
                  .. "%s is off it", who, names, at_name)
  end
  return reason(rule, "land", "%s may pass %s but not stop there (%s)", who,
                at_name, names)
end

-- M.reach(game, s, pid, to [, mode [, me]]) -> nil when the piece's
-- pattern reaches `to` (mode "move", "capture", or by default whatever
-- stands there), else the reason, citing the piece's rule or the rule of
-- the terrain that stops it.
function M.reach(game, s, pid, to, mode, me)
  local w = { s:why_not(pid, to, mode) }
  if not w[1] then return nil end
  local r = reach_reason(game, s, pid, to, mode, me or s:side_of(pid), w)
  r.at, r.layers = w[2], w[3]  -- for a game's own wording
  return r
end

-- M.attackers(game, s, sq, by, me) -> the pieces of side `by` that could
-- capture on sq now, named: "the rook on f8 and the knight on g3"
function M.attackers(game, s, sq, by, me)
  local out, names = core.actions(), {}
  s:threats(out, by, 1, sq)
  for i = 1, out:size() do
    local _, from = core.fields(out:get(i))
    names[#names + 1] = M.piece(game, s, s:at(from), me)
  end
  return M.list(names)
end

-- M.exposes(game, s, me, p) -> the reason when the move p (from, to,
-- promo) leaves a royal piece of side me attacked, or under royal_sight
-- facing an enemy royal piece (a move the runtime's s:keep_royal_safe
-- drops), naming the attackers; else nil
function M.exposes(game, s, me, p)
  local royal = {}
  for name, piece in pairs(game.def.pieces) do
    if piece.royal and game.T[name] then royal[game.T[name]] = true end
  end
  if not next(royal) then return nil end
  local m = s:mark()
  local mover = s:type(s:at(p.from))
  s:apply_move(core.act(MOVE, p.from, p.to, 0, 0, p.promo or 0))
  local r
  local a, b = s:facing()
  if game.def.royal_sight and a then
    local mine, theirs = a, b
    if me == 2 then mine, theirs = b, a end
    r = reason(nil, "sight", "%s your %s on %s facing the %s on %s, with "
               .. "no piece between", royal[mover] and "moves" or "leaves",
               M.type_name(game, s:type(s:at(mine))), game.rules:name(mine),
               M.type_name(game, s:type(s:at(theirs))),
               game.rules:name(theirs))
  end
  for _, pid in ipairs(s:pieces(me)) do
    local sq = s:square(pid)
    if not r and royal[s:type(pid)] and s:attacked(sq, 3 - me) then
      local by = M.attackers(game, s, sq, 3 - me, me)
      local king = M.type_name(game, s:type(pid))
      if royal[mover] then
        r = reason(nil, "royal", "moves your %s to %s, attacked there by %s",
                   king, game.rules:name(sq), by)
      else
        r = reason(nil, "royal", "leaves your %s on %s attacked by %s", king,
                   game.rules:name(sq), by)
      end
    end
  end
  s:undo(m)
  return r
end

-- Generic reasons ---------------------------------------------------------
-- M.over(game, s [, legal]) -> the reason when the game is over, else nil
-- (legal: the legal actions, when the caller has them)
function M.over(game, s, legal)
  local ended = game.over and game:over(s)
  if ended == nil and legal and legal:size() > 0 then return nil end
  local o = game:outcome(s)
  if o then return reason(nil, "over", "the game is over: %s", o.text) end
end

-- M.generic(game, s, p [, legal]) -> the reason every game shares, or nil
function M.generic(game, s, p, legal)
  local over = M.over(game, s, legal)
  if over then return over end
  -- a decision of another phase comes first (a phase declared a decision:
  -- one another action asked for)
  local phase = game:phase_now(s)
  if phase and phase.decision then
    legal = legal or game:legal(s)
    local texts = {}
    for i = 1, math.min(3, legal:size()) do
      texts[i] = game:action_text(s, legal:get(i))
    end
    return reason(phase.rule, "decision", "%s must first decide the %s "
                  .. "(%s%s)", M.the_side(game, s:decider()),
                  phase.name:gsub("_", " "), table.concat(texts, ", "),
                  legal:size() > 3 and ", ..." or "")
  end
  if not p.from then return nil end
  local me = s:decider()
  local pid = s:at(p.from)
  local sq = game.rules:name(p.from)
  if not pid then
    return reason(nil, "empty", "there is no piece on %s", sq)
  end
  if s:side_of(pid) ~= me then
    return reason(nil, "foe", "the %s on %s belongs to %s, not to %s",
                  M.type_name(game, s:type(pid)), sq,
                  M.the_side(game, s:side_of(pid)), M.the_side(game, me))
  end
  if p.kind ~= "move" or not p.to then return nil end
  local r = M.reach(game, s, pid, p.to, p.mode, me)
  if r then return r end
  -- the pattern goes there: a promotion left out, or not allowed
  local t = s:type(pid)
  local rule = M.piece_rule(game, t)
  local who = M.piece(game, s, pid, me)
  local promo = game.promo[t]
  local to = game.rules:name(p.to)
  if promo and promo.zone[me][p.to] then
    local types, texts = {}, {}
    for i, id in ipairs(promo.to) do
      types[i] = M.type_name(game, id)
      texts[i] = game.rules:name(p.from) .. to .. game.type_letter[id]
    end
    if p.promo then
      for _, id in ipairs(promo.to) do
        if id == p.promo then return nil end
      end
      return reason(rule, "promotion", "%s cannot become a %s on %s: it "
                    .. "becomes a %s", who, M.type_name(game, p.promo), to,
                    table.concat(types, " or a "))
    end
    if not promo.optional then
      return reason(rule, "promotion", "%s must promote on %s: write %s",
                    who, to, table.concat(texts, " or "))
    end
  elseif p.promo then
    return reason(rule, "promotion", "%s does not promote on %s", who, to)
  end
  return M.exposes(game, s, me, p)
end

-- What a legal move does ---------------------------------------------------
-- M.does(game, s, a) -> "the knight on b1 moves to c3", "the rook on a1
-- takes the queen on a8", "... and becomes a queen"; the action's text for
-- any action but a pattern move.
function M.does(game, s, a)
  local kind, from, to, _, _, promo = core.fields(a)
  local pid = kind == MOVE and from ~= 0 and s:at(from)
  if not pid or to == 0 then return game:action_text(s, a) end
  local me = s:side_of(pid)
  local who = M.piece(game, s, pid, me):gsub("^your ", "the ")
  local victim = s:at(to)
  local text
  if victim and victim ~= pid and s:side_of(victim) ~= me then
    text = string.format("%s takes %s", who, M.piece(game, s, victim, me))
  else
    text = string.format("%s moves to %s", who, game.rules:name(to))
  end
  if promo ~= 0 then
    text = text .. " and becomes a " .. M.type_name(game, promo)
  end
  return text
end

-- Explaining -------------------------------------------------------------
-- game:why's answer as a reason table: it gave a table, or a rule and a
-- reason text (of kind "game", or g's when it cites g's reason), or nil.
local function as_reason(g, r, text)
  if type(r) == "table" or r == nil and text == nil then return r end
  return { rule = r, reason = text,
           kind = g and g.reason == text and g.kind or "game" }
end

-- M.explain(game, s, text) -> see game:explain
function M.explain(game, s, text)
  local want = normal(text)
  local out = game:legal(s)
  -- a game its rules end though actions remain (game:over): none is played
  if game.over and game:over(s) ~= nil then out = core.actions() end
  for i = 1, out:size() do
    local a = out:get(i)
    local canon = game:action_text(s, a)
    if normal(canon) == want then
      return { legal = true, action = a, text = canon,
               does = game:does(s, a) }
    end
  end
  local p, err = game:read_action(s, text)
  if not p then
    local over = M.over(game, s, out)
    if over then
      local own = as_reason(over, game:why(s, { text = text }, over))
      over = own or over
      return { legal = false, rule = over.rule, kind = over.kind,
               reason = over.reason }
    end
    return { legal = false, kind = "notation", reason = err }
  end
  p.text = p.text or text
  local g = M.generic(game, s, p, out)
  local r = as_reason(g, game:why(s, p, g)) or g
  if not r then
    return { legal = false, kind = "unknown",
             reason = string.format("%s is not a legal action here",
                                    quote(text)) }
  end
  return { legal = false, rule = r.rule, kind = r.kind, reason = r.reason }
end

return M
