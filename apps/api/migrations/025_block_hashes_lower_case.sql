-- Decision 029: ingest lower-cases block hashes before anything dedupes or looks up by them
-- (the same block reported with its hash in upper case was credited a second time). Blocks
-- already stored in another case are lowered here, so their statuses still find them. Where
-- one block was already recorded twice (in two cases), the copies stay as they are: their
-- credits are in the ledger, and taking them back is the operator's decision, not a migration's.
update blocks b set hash = lower(b.hash)
where b.hash <> lower(b.hash)
  and not exists (select 1 from blocks o where o.coin = b.coin and o.hash = lower(b.hash))
  and b.id = (select min(o.id) from blocks o where o.coin = b.coin and lower(o.hash) = lower(b.hash));
