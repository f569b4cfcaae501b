-- Game records. Input: a record's text. record.read reads it or refuses it
-- as bad input; a record it reads writes back (record.write) as text that
-- reads into a record that writes the same bytes. A record that names a
-- built-in game (its Game tag, or Variant "courier") is replayed under the
-- game's rules, which tells each action as played, illegal or changed and
-- never fails. A Variant file is not loaded: the variant target fuzzes
-- scripts.
local F = require "fuzz"
local record = require "wargrid.record"
local replay = require "wargrid.replay"

local function run(input)
  local what = "record " .. F.quote(input)
  local _, rec = F.try(what, record.read, input)
  if not rec then return end
  local _, text = F.try(what .. ": write", record.write, rec)
  local _, again, err = F.try(what .. ": reading its own text", record.read,
                              text)
  if not again then
    F.finding("%s is read, but the text it writes, %s, is refused: %s",
              what, F.quote(text), tostring(err))
  end
  local _, text2 = F.try(what .. ": writing it again", record.write, again)
  if text2 ~= text then
    F.finding("%s writes %s, which reads back and writes %s", what,
              F.quote(text), F.quote(text2))
  end
  local source = replay.source(rec)
  if not source or source.file then return end
  local game = F.game(source.name)
  if not game then return end
  local ok, g = F.try(what .. ": options", game.with_options, game,
                      source.options)
  if ok then F.try(what .. ": replay", replay.run, g, rec) end
end

return { run = run }
