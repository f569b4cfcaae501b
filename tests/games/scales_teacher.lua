-- scales_teacher: a stand-in for an outside engine, for the specs of
-- `wargrid tune --teacher`. It speaks enough UCI to judge positions of the
-- toy game scales (tests/games/scales.lua): its score for the side to act
-- is that side's material lead by the toy's truth (a gold three pawns), in
-- hundredths of a pawn on the scale that makes the teacher's chance
-- 1 / (1 + e^-lead) exactly what decides the toy game. So a fit on its
-- judgements finds the truth without the noise of results.
--   lua5.4 tests/games/scales_teacher.lua
--          [silent | dies | long | blind | stuck FILE]
-- "silent" answers every search without a score; "dies" ends after its
-- fifth answer; "long" writes a line of 100,000 bytes first; "blind"
-- scores every position 10 (as an engine that kept a position of its
-- own); "stuck" writes FILE at its first search, then neither answers nor
-- reads for 30 seconds, nor ends when Ctrl-C comes (a search that hangs).
local WORTH = { p = 1, g = 3 }
local CP = 400 / math.log(10)   -- a lead of 1 in hundredths of a pawn

io.stdout:setvbuf("line")
local silent, dies = arg[1] == "silent", arg[1] == "dies"
if arg[1] == "long" then print(("x"):rep(100000)) end
local position, answers = nil, 0
for line in io.lines() do
  if line == "uci" then
    print("id name scales_teacher")
    print("uciok")
  elseif line == "isready" then
    print("readyok")
  elseif line:match("^position fen ") then
    position = line:match("^position fen (.*)$")
  elseif line:match("^go") and arg[1] == "stuck" then
    io.open(arg[2], "w"):close()
    for _ = 1, 30 do os.execute("sleep 1") end
  elseif line:match("^go") then
    local board, side = position:match("^(%S+) (%a)")
    local lead = 0
    for c in board:gmatch("%a") do
      local w = WORTH[c:lower()]
      lead = lead + (c:match("%u") and w or -w)
    end
    if side == "b" then lead = -lead end
    if arg[1] == "blind" then lead = 10 / CP end
    if not silent then
      print(string.format("info depth 1 score cp %d", math.floor(
        lead * CP + 0.5)))
    end
    print("bestmove 0000")
    answers = answers + 1
    if dies and answers == 5 then break end
  elseif line == "quit" then
    break
  end
end
