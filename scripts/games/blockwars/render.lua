-- Block Wars: the board as the terminal shows it, and beneath it what both
-- players see: reserves, casualties, fighters, the size of the decks, the
-- last cards turned, and whose decision it is. init.lua installs it, with
-- the rules it reads (`rules`).
local bw = require "blockwars.common"

local rules   -- quota_left, gas_open: set by the install function below

-- What a side still has to place, by rank: "4 infantry on rank 8, ...".
local function to_place(self, s, side)
  local army, parts = self.def.armies[self.sides[side]], {}
  local INF, MG = self.T.infantry, self.T.machinegun
  for k in ipairs(army.setup) do
    for _, t in ipairs { INF, MG } do
      local n = rules.quota_left(self, s, side, k, t)
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
    local n = bw.offboard(s, side, t, where)
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
  for k, pid in ipairs(bw.fighters(self, s, side)) do
    local off, damage = s:fields(pid)
    planes[#planes + 1] = string.format("%d %s%s", k,
      off == bw.LOST and "destroyed" or (damage > 0 and "damaged" or "ready"),
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

-- What is asked, and of whom. BW-W2 RULING (2026-11-23): beside the turn
-- count, whose turn it is (a turn is one side's: the Germans' first is
-- turn 1, the Canadians' first turn 2).
local function prompt(self, s)
  local P = self.P
  local phase, who = s:phase(), bw.SIDE_NAME[s:decider()]
  if phase == P.place then
    return string.format("Placement: the %s place %s (i@SQ, m@SQ).", who,
                         to_place(self, s, s:side()))
  end
  local turn = string.format("Turn %d of %d, the %s'", s:turn() + 1,
                             self.opt.turns, bw.SIDE_NAME[s:side()])
  if phase == P.main then
    return string.format("%s: %d action%s left.", turn, s:left(),
                         s:left() == 1 and "" or "s")
  end
  local ask = {
    [P.barrage] = "choose where the barrage falls (barrage SQ"
                  .. (rules.gas_open(self, s, s:decider())
                      and ", or gas SQ once)" or ")"),
    [P.reinforce] = "choose what their Ace brings in, and where ("
                    .. ace_choices(self, s) .. ")",
    [P.air] = "choose the fighter to strafe (fly N)",
    [P.dogfight] = "may answer with a fighter (dogfight N, or no dogfight)",
    [P.strafe] = "choose what to strafe (strafe SQ)",
    [P.cross] = "may award the " .. bw.CROSS_NAME[s:decider()]
                .. " (cross, or no cross)",
  }
  return string.format("%s: the %s %s.", turn, who, ask[phase])
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
    local n = bw.offboard(s, side, self.T[name], where)
    if n > 0 then out[#out + 1] = { type = name, count = n } end
  end
  return out
end

local function fighters_icons(self, s, side)
  local out = {}
  for k, pid in ipairs(bw.fighters(self, s, side)) do
    local off, damage = s:fields(pid)
    out[#out + 1] = { type = "fighter",
                      state = off == bw.LOST and "destroyed"
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

-- game:render(s): the board as every game draws it (`board_text`, the
-- default), and the lines above. The picture's parts: the wire, what both
-- players see beside the board, and the line under it.
return function(game, shared)
  rules = shared

  -- BW-C2 the wire, along the edges between the ranks it lies between
  function game:board_marks()
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
  function game:sidebar(s)
    local sections = {}
    for side = 1, 2 do
      sections[side] = { title = bw.SIDE_NAME[side], side = side, rows = {
        { label = "reserve", pieces = units_icons(self, s, side, bw.RESERVE) },
        { label = "lost", pieces = units_icons(self, s, side, bw.LOST) },
        { label = "fighters", pieces = fighters_icons(self, s, side) },
        { label = "deck", deck = s:ncards(self.D[bw.DECK_NAME[side]]) },
      } }
      if bw.offboard(s, side, nil, bw.WAITING) > 0 then        -- BW-S3
        table.insert(sections[side].rows, 1, { label = "to place",
          pieces = units_icons(self, s, side, bw.WAITING) })
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

  function game:caption(s)
    if s:result() then return "Game over: " .. self:outcome(s).text end
    return prompt(self, s)
  end

  local board_text = game.render
  function game:render(s, opts)
    local lines = { board_text(self, s, opts) }
    for side = 1, 2 do
      lines[#lines + 1] = string.format(
        "%s: reserve %s; lost %s; fighters %s; %d cards%s",
        bw.SIDE_NAME[side], units_words(self, s, side, bw.RESERVE),
        units_words(self, s, side, bw.LOST), fighters_words(self, s, side),
        s:ncards(self.D[bw.DECK_NAME[side]]),
        side == bw.CAN and bw.tank_damage(self, s) > 0
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
          last[#last + 1] = bw.CARD_NAME[cards[i]]
        end
        lines[#lines + 1] = d[2] .. ", last first: " .. table.concat(last, " ")
      end
    end
    if not s:result() then lines[#lines + 1] = prompt(self, s) end
    return table.concat(lines, "\n")
  end
end
