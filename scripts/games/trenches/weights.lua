-- trenches: the evaluation's weights, fitted by `wargrid tune`
-- from 1,200 games of level:2 against itself (seeds 1..1200);
-- low and high: 95% intervals.
-- Values in units of territory: `wargrid values trenches`.
return {
  unit = "territory",
  weights = {
    territory = 1,
    mobility = -0.4536,
  },
  low = {
    mobility = -0.534,
  },
  high = {
    mobility = -0.3732,
  },
  fit = {
    cut = 0,
    every = 3,
    games = 1200,
    max_plies = 400,
    opening = 8,
    player = "level:2",
    positions = 27822,
    seed = 1,
  },
}
