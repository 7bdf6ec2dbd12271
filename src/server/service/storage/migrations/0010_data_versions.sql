-- Data versions: how many transactions have written each organization's data (scope = organization id) and the
-- service-wide tables (scope '*'), kept by triggers whichever instance or code path writes. The authentication query
-- reads them on every request, so an instance can tell whether an answer it keeps (plugins/read-cache.ts) may have
-- changed since, on PostgreSQL shared by several instances as on PGlite.
--
-- A scope's version is the sum of its 16 shard rows; a transaction bumps one shard (picked by its transaction id)
-- once per scope, at commit (deferred triggers), so concurrent writers of one organization do not all queue on one
-- row lock held through their WAL flush. Counts only grow and a bump commits with its write: a sum read in some
-- snapshot is unchanged later only if no write to the scope has committed since. The functions keep the schema they
-- were made in (search_path FROM CURRENT), so a write from a session with another search_path still bumps this one.
CREATE TABLE "data_versions" (
  "scope" text NOT NULL,
  "shard" smallint NOT NULL,
  "version" bigint NOT NULL,
  CONSTRAINT "data_versions_pk" PRIMARY KEY ("scope", "shard")
);
--> statement-breakpoint
CREATE FUNCTION data_versions_bump(target text) RETURNS void LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
DECLARE
  bumped text := coalesce(current_setting('dps.bumped_scopes', true), '');
BEGIN
  -- Once per scope and transaction: a statement that writes many rows fires once per row.
  IF target IS NULL OR position(E'\n' || target || E'\n' IN bumped) > 0 THEN
    RETURN;
  END IF;
  PERFORM set_config('dps.bumped_scopes', bumped || E'\n' || target || E'\n', true);
  INSERT INTO data_versions AS v (scope, shard, version)
    VALUES (target, (pg_current_xact_id()::text::bigint % 16)::smallint, 1)
    ON CONFLICT (scope, shard) DO UPDATE SET version = v.version + 1;
END
$$;
--> statement-breakpoint
-- A row counts for its organization. An organization's row also counts for the organization that created it, which
-- reads it too (GET /organizations lists its children).
CREATE FUNCTION data_versions_bump_organization_row() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM data_versions_bump(OLD.organization_id);
    IF TG_TABLE_NAME = 'organizations' THEN
      PERFORM data_versions_bump(OLD.parent_organization_id);
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM data_versions_bump(NEW.organization_id);
    IF TG_TABLE_NAME = 'organizations' THEN
      PERFORM data_versions_bump(NEW.parent_organization_id);
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION data_versions_bump_service_row() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  PERFORM data_versions_bump('*');
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Every table a GET may read. Not idempotency_keys (never read by a GET) nor agent_run_status_counts (written only
-- by agent_runs' own triggers, in a transaction that bumps already).
DO $$
DECLARE
  tenant_tables text[] := ARRAY['access_tokens', 'action_runs', 'actions', 'agent_runs', 'agents', 'app_clients',
    'document_files', 'document_recognitions', 'documents', 'hook_runs', 'hooks', 'models', 'organizations', 'roles',
    'users', 'validation_tasks', 'validations'];
  target text;
BEGIN
  FOREACH target IN ARRAY tenant_tables LOOP
    EXECUTE format('CREATE CONSTRAINT TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I DEFERRABLE INITIALLY DEFERRED '
      'FOR EACH ROW EXECUTE FUNCTION data_versions_bump_organization_row()', target || '_data_version', target);
  END LOOP;
  -- TRUNCATE fires no row trigger; it empties the table for every organization, so it moves the service-wide version.
  FOREACH target IN ARRAY tenant_tables || ARRAY['service_state', 'signing_keys'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT '
      'EXECUTE FUNCTION data_versions_bump_service_row()', target || '_data_version_truncate', target);
  END LOOP;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "service_state_data_version" AFTER INSERT OR UPDATE OR DELETE ON "service_state"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION data_versions_bump_service_row();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "signing_keys_data_version" AFTER INSERT OR UPDATE OR DELETE ON "signing_keys"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION data_versions_bump_service_row();
