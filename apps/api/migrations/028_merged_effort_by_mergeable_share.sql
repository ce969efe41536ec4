-- A merge-mined block's effort counts the parent's work by the share of its chain's blocks merge
-- mining can find (decision 024, addendum on merged blocks' effort; `mergeMinable` in
-- packages/domain/src/chain-params.ts). Fractal Bitcoin's cadence mining takes merge-mined work
-- in one block in three, so its merged blocks read about three times average luck. The engine
-- now writes the new figure; this gives the rows stored before it the same one, from the same
-- stored round and difficulty, so old and new blocks read alike. Display only: credits never
-- read `effort`. The fraction is written out here as it stands today (1/3), as a migration must
-- be: a later change of the figure brings its own migration. Every other chain's is 1.
-- Only rows that have a figure: an unknown one stays unknown. Before migration 027 a round that
-- began before the records (a first start's live engine) kept its partial round difficulty with
-- a null effort, and that partial round must not become a figure here.
update blocks
set effort = round_difficulty * (1::double precision / 3) / network_difficulty
where coin = 'fb'
  and merged_from is not null
  and effort is not null
  and round_difficulty is not null
  and round_difficulty >= 0
  and network_difficulty > 0;
