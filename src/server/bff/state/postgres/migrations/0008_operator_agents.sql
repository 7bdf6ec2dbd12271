-- The reviewer role and agent limits (issue 36 item 4). An operator account may be a reviewer, and a reviewer may be
-- limited to named agents (`agents`, agent ids; null: every agent). A session carries its owner's limit as it was at
-- sign-in, like its role. Accounts and sessions stored before have none: every agent.
ALTER TABLE operators DROP CONSTRAINT IF EXISTS operators_role_check;
ALTER TABLE operators ADD CONSTRAINT operators_role_check CHECK (role IN ('admin', 'reviewer', 'viewer'));
ALTER TABLE operators ADD COLUMN agents text[];
ALTER TABLE sessions ADD COLUMN operator_agents text[];
