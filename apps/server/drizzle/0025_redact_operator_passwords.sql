-- operators.create once kept the new operator's password in its audit row; the action no longer
-- does (auditInput), and the rows written before lose it here.
UPDATE "operator_audit" SET "input" = "input" - 'password' WHERE "action" = 'operators.create' AND "input" ? 'password';
