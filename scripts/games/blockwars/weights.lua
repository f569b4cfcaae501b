-- blockwars: the evaluation's weights, scaled by `wargrid tune`
-- from 953 games of level:2 against itself (seeds 1..1000);
-- every weight in force times fit.factor;
-- factor_low and factor_high, its 95% interval.
-- Values in units of infantry: `wargrid values blockwars`.
return {
  unit = "infantry",
  weights = {
    fighter = 0.05906,
    infantry = 0.1181,
    machinegun = 0.1772,
    tank = 0.4725,
    tank_damage = -0.1772,
    fighter_damage = -0.02953,
    reserve_tank = 0.3544,
    reserve = 0.0945,
    advance = 0.005906,
    breakthrough = 0.05906,
  },
  fit = {
    cut = 47,
    every = 3,
    factor = 0.1181,
    factor_high = 0.13,
    factor_low = 0.1063,
    games = 953,
    max_plies = 400,
    opening = 8,
    player = "level:2",
    positions = 51295,
    seed = 1,
  },
}
