-- A block's effort needs its chain's difficulty at the block. A merge-mined block (fb under btc)
-- arrives in the parent's events, while that chain's samples may come in another source's, later:
-- such a block was left without an effort for good. The engine now fills it in when the chain's
-- sample arrives (decision 024, addendum of 2026-11-28), finding those blocks by the index below.
-- A null round difficulty now means the round began before the pool's records, which a sample
-- arriving later must not turn into an effort; rows stored before this migration keep theirs.
alter table blocks alter column round_difficulty drop not null;
create index blocks_difficulty_unknown on blocks (coin, found_at) where network_difficulty is null;
