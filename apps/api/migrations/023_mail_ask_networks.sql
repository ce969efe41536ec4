-- Mail limits count an IPv6 client's /48 as well as its /56, as settings proofs do, and
-- remember the network of the worker IP each ask proved: an ask proven from a worker network
-- that has not asked for this recipient in the quiet period is not refused by the
-- recipient's limits, which strangers fill (decision 016, addendum of 2026-11-28).
alter table notify_mail_asks add column site text, add column proof_network text;
create index notify_mail_asks_site on notify_mail_asks (site, asked_at);
