-- Where a real payout stands on its chain (decision 013, real payouts): the confirmations of its
-- transaction as the node's wallet reports them, and what the miner's address received (less
-- than `amount` when the network fee is deducted from the miners). Null for payouts of a coin
-- without a node (the simulator's): nothing on a chain to follow.
alter table payouts
  add column confirmations integer,
  add column received numeric check (received >= 0);
