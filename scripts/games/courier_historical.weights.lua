-- courier_historical: the evaluation's weights, fitted by `wargrid tune`
-- from 399 games of alphabeta:3000 against itself (seeds 1..400),
-- each position judged by /usr/games/fairy-stockfish at depth 8;
-- low and high: 95% intervals.
-- Values in knights: `wargrid values courier_historical`.
-- king_safety is left out, so its hand-set weight stays: the fitted one
-- (-0.0412 [-0.0613, -0.021]) scored 50.0% against the hand-set weights,
-- these with the hand-set king safety 57.5% (40 games each, 20,000
-- nodes a move), and king safety helps the search (doc/designers.md).
return {
  unit = "knight",
  weights = {
    corporal = 0.9515,
    courier = 3.638,
    jester = 1.228,
    knight = 3,
    pawn = 0.8935,
    queen = 1.445,
    rook = 5.846,
    sage = 3.267,
    placement = 0.3563,
    mobility = 0.02108,
  },
  low = {
    corporal = 0.8776,
    courier = 3.533,
    jester = 1.134,
    pawn = 0.8467,
    queen = 1.373,
    rook = 5.668,
    sage = 3.152,
    placement = 0.1629,
    mobility = 0.01505,
  },
  high = {
    corporal = 1.025,
    courier = 3.743,
    jester = 1.323,
    pawn = 0.9402,
    queen = 1.517,
    rook = 6.024,
    sage = 3.382,
    placement = 0.5497,
    mobility = 0.02711,
  },
  fit = {
    cut = 0,
    depth = 8,
    every = 3,
    games = 399,
    max_plies = 300,
    opening = 4,
    player = "alphabeta:3000",
    positions = 10275,
    seed = 1,
    teacher = "/usr/games/fairy-stockfish",
  },
}
