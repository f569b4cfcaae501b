-- Block Wars as the players see it: the board as the terminal shows it,
-- and beneath it what both players see (reserves, casualties, fighters, the
-- size of the decks, the last cards turned, and whose decision it is); in
-- pictures (wargrid.svg) the wire, the same beside the board, the phase in
-- the caption, and how each action is drawn.
local wg = require "wargrid"

local M = {}

-- What a side still has to place, by rank: "4 infantry on rank 8, ...".
local function to_place(self, s, side)
  local army, parts = self.def.armies[self.sides[side]], {}
  local INF, MG = self.T.infantry, self.T.machinegun
  for k in ipairs(army.setup) do
    for _, t in ipairs { INF, MG } do
      local n = self:quota_left(s, side, k, t)
      if n > 0 then
        parts[#parts + 1] = string.format("%d %s on rank %d", n,
          t == MG and (n > 1 and "machine guns" or "machine gun")
          or "infantry", army.ranks[k])
      end
    end
  end
  return table.concat(parts, ", ")
end

-- "6 infantry, 1 tank", or "none"
local function units_words(self, s, side, where)
  local parts = {}
  local INF, MG = self.T.infantry, self.T.machinegun
  for _, t in ipairs { INF, MG, self.T.tank } do
    local n = self.offboard(s, side, t, where)
    if n > 0 then
      local what = t == MG and "machine gun" or self.type_names[t]
      parts[#parts + 1] = n .. " " .. what
                          .. (n > 1 and t ~= INF and "s" or "")
    end
  end
  return #parts > 0 and table.concat(parts, ", ") or "none"
end

local function fighters_words(self, s, side)
  local planes = {}
  for k, pid in ipairs(self:fighters(s, side)) do
    local off, damage = s:fields(pid)
    planes[#planes + 1] = string.format("%d %s%s", k,
      off == self.status().lost and "destroyed"
      or (damage > 0 and "damaged" or "ready"),
      self.opt.aces and k == 1 and " (ace)" or "")
  end
  return #planes > 0 and table.concat(planes, ", ") or "none"
end

-- The units an Ace may bring in: "i@SQ, t@SQ"
local function ace_choices(self, s)
  local letters, seen = {}, {}
  for _, text in ipairs(self:action_texts(s)) do
    local l = text:match("^(%a)@")
    if l and not seen[l] then
      seen[l] = true
      letters[#letters + 1] = l .. "@SQ"
    end
  end
  return table.concat(letters, ", ")
end

-- What each decision asks of the player concerned, by phase; a phase
-- without one (a variant's) is told by its declared help.
local ASK = {
  barrage = function(self, s)
    return "choose where the barrage falls (barrage SQ"
           .. (self:gas_open(s, s:decider()) and ", or gas SQ once)" or ")")
  end,
  reinforce = function(self, s)
    return "choose what their Ace brings in, and where ("
           .. ace_choices(self, s) .. ")"
  end,
  air = function() return "choose the fighter to strafe (fly N)" end,
  dogfight = function()
    return "may answer with a fighter (dogfight N, or no dogfight)"
  end,
  strafe = function() return "choose what to strafe (strafe SQ)" end,
  cross = function(self, s)
    return "may award the " .. self:cross_name(s:decider())
           .. " (cross, or no cross)"
  end,
}

-- What is asked, and of whom, in the phase the state is in. BW-W2 RULING
-- (2026-11-23): beside the turn count, whose turn it is (a turn is one
-- side's: the Germans' first is turn 1, the Canadians' first turn 2).
local function prompt(self, s)
  local phase, who = self:phase_now(s), self:army(s:decider())
  if phase.name == "place" then
    return string.format("Placement: the %s place %s (i@SQ, m@SQ).", who,
                         to_place(self, s, s:side()))
  end
  local turn = string.format("Turn %d of %d, the %s'", s:turn() + 1,
                             self.opt.turns, self:army(s:side()))
  if phase.name == "main" then
    return string.format("%s: %d action%s left.", turn, s:left(),
                         s:left() == 1 and "" or "s")
  end
  local ask = ASK[phase.name]
  return string.format("%s: the %s %s.", turn, who,
                       ask and ask(self, s) or phase.help)
end

-- The picture (wargrid.svg) ---------------------------------------------
-- Short names of cards: 2..10, J, Q, K, A.
local function card_label(v)
  return v <= 10 and tostring(v) or ("JQKA"):sub(v - 10, v - 10)
end

-- The side's units off the board there, as the sidebar lists them.
local function units_icons(self, s, side, where)
  local out = {}
  for _, name in ipairs { "infantry", "machinegun", "tank" } do
    local n = self.offboard(s, side, self.T[name], where)
    if n > 0 then out[#out + 1] = { type = name, count = n } end
  end
  return out
end

local function fighters_icons(self, s, side)
  local out = {}
  for k, pid in ipairs(self:fighters(s, side)) do
    local off, damage = s:fields(pid)
    out[#out + 1] = { type = "fighter",
                      state = off == self.status().lost and "destroyed"
                              or (damage > 0 and "damaged" or "ready"),
                      note = self.opt.aces and k == 1 and "ace" or nil }
  end
  return out
end

-- BW-C6 the newest n cards turned, newest first
local function newest(s, d, n)
  local cards, out = s:cards(d), {}
  for i = #cards, math.max(1, #cards - n + 1), -1 do
    out[#out + 1] = card_label(cards[i])
  end
  return out
end

-- The picture's parts: the wire, what both players see beside the board,
-- the line under it, and the actions.
-- BW-C2 the wire, along the edges between the ranks it lies between
function M:board_marks()
  local marks = {}
  for _, edge in ipairs(self.def.wire) do
    for f = 1, self.files do
      marks[#marks + 1] = { "wire", self.rules:at(f, edge[1]),
                            self.rules:at(f, edge[2]) }
    end
  end
  return marks
end

-- Each side's reserve, casualties, fighters and deck (its size only:
-- BW-H1 nobody sees a face-down deck's order), the cards face up in
-- the combat being resolved (BW-C6), the last cards turned.
function M:sidebar(s)
  local st = self.status()
  local sections = {}
  for side = 1, 2 do
    sections[side] = { title = self:army(side), side = side, rows = {
      { label = "reserve", pieces = units_icons(self, s, side, st.reserve) },
      { label = "lost", pieces = units_icons(self, s, side, st.lost) },
      { label = "fighters", pieces = fighters_icons(self, s, side) },
      { label = "deck", deck = s:ncards(self.D[self.sides[side]]) },
    } }
    if self.offboard(s, side, nil, st.waiting) > 0 then        -- BW-S3
      table.insert(sections[side].rows, 1, { label = "to place",
        pieces = units_icons(self, s, side, st.waiting) })
    end
  end
  if s:ncards(self.D.showing) > 0 then
    local showing = {}                        -- in the order turned
    for i, v in ipairs(s:cards(self.D.showing)) do
      showing[i] = card_label(v)
    end
    sections[#sections + 1] = { title = "Face up in this combat",
      rows = { { cards = showing } } }
  end
  if s:ncards(self.D.turned) > 0 then
    sections[#sections + 1] = { title = "Cards turned, last first",
      rows = { { cards = newest(s, self.D.turned, 7) } } }
  end
  return sections
end

function M:caption(s)
  if s:result() then return "Game over: " .. self:outcome(s).text end
  return prompt(self, s)
end

-- game:render(s [, opts]): the board as every game draws it
-- (game:board_text, with its colours and flip), and the lines beneath it
function M:render(s, opts)
  local st = self.status()
  local lines = { self:board_text(s, opts) }
  for side = 1, 2 do
    lines[#lines + 1] = string.format(
      "%s: reserve %s; lost %s; fighters %s; %d cards%s",
      self:army(side), units_words(self, s, side, st.reserve),
      units_words(self, s, side, st.lost), fighters_words(self, s, side),
      s:ncards(self.D[self.sides[side]]),
      side == 1 and self:tank_damage(s) > 0
        and "; the tank is damaged" or "")
  end
  -- BW-C6 the cards of the combat being resolved, then those turned
  -- before it
  for _, d in ipairs { { self.D.showing, "Face up in this combat" },
                       { self.D.turned, "Cards turned" } } do
    local cards = s:cards(d[1])
    if #cards > 0 then
      local last = {}
      for i = #cards, math.max(1, #cards - 5), -1 do
        last[#last + 1] = self:card_name(cards[i])
      end
      lines[#lines + 1] = d[2] .. ", last first: " .. table.concat(last, " ")
    end
  end
  if not s:result() then lines[#lines + 1] = prompt(self, s) end
  return table.concat(lines, "\n")
end

-- How an action is drawn (wargrid.svg): moves as arrows, attacks and shots
-- as strikes, a barrage on the squares it hits (BW-C4), an entry or a
-- strafe on its square; decisions without a square draw nothing.
function M:action_marks(a)
  local K = self.kinds()
  local kind, x, y, z = wg.fields(a)
  if kind == K.move then return { { "move", x, y } } end
  if kind == K.attack then
    if z == x then return { { "strike", x, y } } end
    return { { "move", x, z }, { "strike", z, y } }
  end
  if kind == K.fire then return { { "strike", x, y } } end
  if kind == K.enter then return { { "ring", x } } end
  if kind == K.strafe then return { { "ring", x, label = "strafe" } } end
  if kind == K.barrage then
    local f, r = self.rules:coords(x)
    local reach, squares = self.def.barrage_reach, {}
    for dr = -reach, reach do
      for df = -reach, reach do
        squares[#squares + 1] = self.rules:at(f + df, r + dr)
      end
    end
    return { { "area", squares, label = z == 1 and "gas" or "barrage" } }
  end
  return {}
end

return M
