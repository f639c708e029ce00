import sys, time
from tests.redwire.engine.walk import WalkStats, walk_game
stats = WalkStats()
t=time.time()
for seed in range(int(sys.argv[1]), int(sys.argv[2])):
    for p in (2,3,4,5):
        walk_game(seed=seed, mission=55, players=p, stats=stats)
print(stats.games, dict(stats.results), {k:v for k,v in stats.action_types.items() if k in ("red_call","challenge_claim","solo")}, time.time()-t)
