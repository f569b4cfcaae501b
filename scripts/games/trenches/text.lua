-- The Game of Trenches' text: the notation its help shows, how actions are
-- written, and its position text.
--
-- Position text, FEN-like: the ranks from 10 down to 1, separated by "/";
-- S a soldier, T a tank (upper case Light, lower case Dark), x debris (a
-- dead square), a number that many empty squares; then the side to move by
-- the first letter of its name: l (Light) or d (Dark). The start:
--   3s2s3/2t4t2/4tt4/s8s/10/10/S8S/4TT4/2T4T2/3S2S3 l
--
-- Actions are written as Amazons records write a move and its arrow: a
-- soldier's move and grenade d1-d5/h5 (from, to, the grenade's square), a
-- tank's move c2-c6. Typed text may leave the dashes out (d1d5/h5).
local wg = require "wargrid"
local fen = wg.fen

local M = {}

-- T-G1 "d1-d5/h5"; a tank's move "c2-c6".
function M:action_text(_, a)
  local kind, from, to, target = wg.fields(a)
  local r = self.rules
  local text = r:name(from) .. "-" .. r:name(to)
  if self:is_throw(kind) then text = text .. "/" .. r:name(target) end
  return text
end

-- game:notation(): the actions' notation and what each leaves behind,
-- told from the declaration (grenade, leave_debris) with examples legal at
-- the start, so that a variant's help follows the variant.
local function piece_on(self, s, name)
  local pid = s:at(self.rules:square(name))
  return wg.help.piece_name(self.type_names[s:type(pid)])
end

function M:notation()
  local help, g = wg.help, self.def.grenade or {}
  local p = self:prepared()
  local s = self:new()
  local lines = { self.title .. " actions (the dashes may be left out):" }
  local function line(example, text)
    lines[#lines + 1] = help.wrap(text, string.rep(" ", 14),
                                  string.format("  %-12s", example))
  end
  -- the middle one of each kind, for an example less lopsided than the first
  local throws, moves = {}, {}
  for _, text in ipairs(s and self:action_texts(s) or {}) do
    local list = text:find("/", 1, true) and throws or moves
    list[#list + 1] = text
  end
  local throw, move = throws[#throws // 2 + 1], moves[#moves // 2 + 1]
  local thrower
  if throw then
    local from, to, at = throw:match("^(%w+)%-(%w+)/(%w+)$")
    thrower = piece_on(self, s, from)
    line(throw, string.format("the %s on %s moves to %s, then throws a "
                              .. "grenade to %s, which becomes debris (T-G1)",
                              thrower, from, to, at))
  end
  if move then
    local from, to = move:match("^(%w+)%-(%w+)$")
    local pid = s:at(self.rules:square(from))
    line(move, string.format("the %s on %s moves to %s%s",
                             piece_on(self, s, from), from, to,
                             p.leave_debris & (1 << s:type(pid)) ~= 0
                             and "; " .. from .. " becomes debris (T-T1)"
                             or ""))
  end
  local rules = { "No move and no grenade passes over a piece or debris "
                  .. "(T-M2)." }
  if thrower and g.moves ~= nil and g.pattern == nil then
    rules[#rules + 1] = string.format("From where the %s lands its grenade "
                                      .. "%s (T-G1).", thrower,
                                      help.pattern_text(self, g.moves))
  end
  if thrower then
    local guards = {}
    for _, name in ipairs(g.guards or {}) do
      if self.T[name] then guards[#guards + 1] = help.piece_name(name) end
    end
    if #guards > 0 then
      rules[#rules + 1] = string.format(
        "A grenade never lands on one of the 8 squares around a %s (T-T2)%s.",
        help.list(guards, "or"), g.protected_stops
        and ", and those squares stop it in flight"
        or "; it may fly over them (T-G2)")
    end
    rules[#rules + 1] = g.onto_origin
      and string.format("A grenade may land on the square the %s just left "
                        .. "(T-G3).", thrower)
      or string.format("A grenade may not land on the square the %s just "
                       .. "left.", thrower)
    rules[#rules + 1] = string.format("A %s may not move where it has no "
                                      .. "grenade to throw (T-G4).", thrower)
  end
  rules[#rules + 1] = "A player with no action on their turn loses (T-E1); "
                      .. "the winner scores one for each of its pieces that "
                      .. "could still act (T-E2)."
  lines[#lines + 1] = ""
  lines[#lines + 1] = help.wrap(table.concat(rules, " "), "")
  return table.concat(lines, "\n")
end

-- Position text ---------------------------------------------------------
-- The board and the side to move by the first letter of its name (T-B1).
function M:prepare_text()
  return { sides = { self.sides[1]:sub(1, 1), self.sides[2]:sub(1, 1) } }
end

function M:position_text(s)
  return fen.write_position(self, s, self:prepared("text"))
end

function M:set_position(s, text)
  local f, err = fen.read_position(self, s, text, self:prepared("text"))
  if not f then return nil, err end
  return true
end

return M
