// Generated from src/api/openapi.json by openapi-typescript (`make api-types`); do not edit.

export interface paths {
    "/account/getAccountData": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The selected account's settings, competitors, labels and the user's role and permissions */
        get: operations["get_account_getAccountData"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account/getAccounts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The accounts the user belongs to */
        get: operations["get_account_getAccounts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account/getAccountsWithAuth": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The accounts the user belongs to, with the role in each and the selected one */
        get: operations["get_account_getAccountsWithAuth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account/refreshAccountData": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The same as getAccountData, read again */
        get: operations["get_account_refreshAccountData"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account/setAccount": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Select one of the user's accounts for this session */
        post: operations["post_account_setAccount"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account/setTimezone": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Set the account's time zone (an IANA name), whose days scheduled reports and price alerts keep */
        post: operations["post_account_setTimezone"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/approval/decide": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Approve or reject Pending records: the products given, or every Pending record the grid condition matches (select_all) */
        post: operations["post_approval_decide"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/approval/getAuditData": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** One block of the manual approval audit: every decision, newest first */
        post: operations["post_approval_getAuditData"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/approval/getColumnsDef": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The approval grid's column definitions */
        get: operations["get_approval_getColumnsDef"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/approval/getConditionsData": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** One block of the latest real run's approval records (grid condition in data) */
        post: operations["post_approval_getConditionsData"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/approval/getCountOfRow": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** How many approval records match a condition, and how many of them are Pending */
        post: operations["post_approval_getCountOfRow"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/approval/updateComment": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Set the bizfin comment of one Pending record */
        post: operations["post_approval_updateComment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/assortment/exportDataToCsv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Start a CSV export of an assortment report's rows */
        post: operations["post_assortment_exportDataToCsv"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/assortment/getColumnsDef": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** An assortment report's column definitions */
        post: operations["post_assortment_getColumnsDef"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/assortment/getConditionsData": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** One block of an assortment report: coverage of my catalogue at each competitor */
        post: operations["post_assortment_getConditionsData"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/assortment/getCountOfRow": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** How many rows an assortment report's condition matches */
        post: operations["post_assortment_getCountOfRow"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/assortment/getNameTooltipData": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The product tooltip of an assortment report's name cell */
        post: operations["post_assortment_getNameTooltipData"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign in with e-mail and password; sets the session and CSRF cookies */
        post: operations["post_auth"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/isAuth": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Who is signed in, the selected account and the CSRF token */
        post: operations["post_auth_isAuth"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/competitor/getColumnsDef": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The competitor grid's column definitions */
        get: operations["get_competitor_getColumnsDef"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/competitor/getData": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The competitor grid of a product: a row per competitor offer */
        post: operations["post_competitor_getData"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/custom_reports": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The account's custom (embedded BI) reports */
        get: operations["get_custom_reports"];
        put?: never;
        /** An administrator adds a custom report (name, report or dashboard, embed address) */
        post: operations["post_custom_reports"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/custom_reports/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One custom report */
        get: operations["get_custom_reports_id"];
        put?: never;
        post?: never;
        /** An administrator removes a custom report */
        delete: operations["delete_custom_reports_id"];
        options?: never;
        head?: never;
        /** An administrator changes a custom report */
        patch: operations["patch_custom_reports_id"];
        trace?: never;
    };
    "/custom_reports/{id}/embed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A 10-minute signed token and the embed address of a custom report */
        get: operations["get_custom_reports_id_embed"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/export/addSchedule": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Write a saved report as CSV or Parquet into a folder of the account's drop folder on a cron expression */
        post: operations["post_export_addSchedule"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/export/getSchedules": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The account's export schedules (downstream drops) with their last run */
        get: operations["get_export_getSchedules"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/export/removeSchedule": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Stop an export schedule */
        post: operations["post_export_removeSchedule"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/filters/getBrandsList": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** One page of the brand filter's brands, with a search */
        post: operations["post_filters_getBrandsList"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/filters/getCategoryDropDownList": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The category filter's tree with product counts */
        get: operations["get_filters_getCategoryDropDownList"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Each database's version and row counts; 503 names the one that is down */
        get: operations["get_health"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/insights/cards": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The insight cards of /insights: titles, summaries and highlight tiles from the account's data */
        get: operations["get_insights_cards"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/labels/addAlert": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Creates or updates a competitor alert */
        post: operations["post_labels_addAlert"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/labels/getAllAlerts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The account's competitor alerts */
        get: operations["get_labels_getAllAlerts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/labels/getAllLabels": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The account's labels */
        get: operations["get_labels_getAllLabels"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/labels/insertNewLabels": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Creates a label */
        post: operations["post_labels_insertNewLabels"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/labels/insertNewLabelsForProduct": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Creates a label and puts it on the chosen products */
        post: operations["post_labels_insertNewLabelsForProduct"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/labels/insertProductLabels": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Puts a label on the chosen products */
        post: operations["post_labels_insertProductLabels"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/labels/removeAlert": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Deletes a competitor alert */
        post: operations["post_labels_removeAlert"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/labels/removeLabel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Deletes a label and its assignments */
        post: operations["post_labels_removeLabel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/labels/removeLabelFromProduct": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Takes a label off products */
        post: operations["post_labels_removeLabelFromProduct"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/login/config": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What the login page offers: the SSO button and the password form */
        get: operations["get_login_config"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/login/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Sign out: deletes the session and clears the cookies */
        get: operations["get_login_logout"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/login/resetPassword": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Mail a password-reset link to an internal user (same answer for any address) */
        post: operations["post_login_resetPassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/login/resetPassword/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Choose a new password with the token of a reset link */
        post: operations["post_login_resetPassword_confirm"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/login/sso": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Redirect (302) to the single sign-on provider; ?next= is where to land after */
        get: operations["get_login_sso"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/login/sso/callback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The provider's redirect back: signs in and redirects (302) to next, or to /login?error= */
        get: operations["get_login_sso_callback"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/match_feedback/exportCsv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The wrong-match flags as CSV for the data team (?status= open by default, resolved, or all) */
        get: operations["get_match_feedback_exportCsv"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/match_feedback/flagMatch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Flags a competitor offer as a wrong match: left out of every comparison until resolved */
        post: operations["post_match_feedback_flagMatch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/match_feedback/getFlags": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The account's wrong-match flags, open first */
        get: operations["get_match_feedback_getFlags"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/match_feedback/resolveMatch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Marks a wrong-match flag resolved by the data team */
        post: operations["post_match_feedback_resolveMatch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/match_feedback/unflagMatch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Takes a wrong-match flag back */
        post: operations["post_match_feedback_unflagMatch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** This API's OpenAPI 3.1 document, generated from the route table */
        get: operations["get_openapi.json"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/repricing/deleteMandatedBrands": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Deletes mandated brands by id, all or none */
        post: operations["post_repricing_deleteMandatedBrands"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/repricing/exportDataToCsv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Start a CSV export of a run's results (the condition's run: latest, simulation or a run id) with why this price */
        post: operations["post_repricing_exportDataToCsv"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/repricing/getColumnsDef": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The results grid's column definitions */
        get: operations["get_repricing_getColumnsDef"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/repricing/getConditionsData": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** One block of a run's results (run: latest, simulation or a run id), each row with its explanation */
        post: operations["post_repricing_getConditionsData"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/repricing/getCountOfRow": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** How many results match a condition, and with calculatePendingRow how many are pending */
        post: operations["post_repricing_getCountOfRow"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/repricing/getMandatedBrands": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The mandated brands of the caller's super categories, and the number of mandated FSNs */
        get: operations["get_repricing_getMandatedBrands"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/repricing/saveMandatedBrands": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Mandates brands in super categories (and optionally some verticals of one), with a comment */
        post: operations["post_repricing_saveMandatedBrands"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rules/addRule": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Creates a rule (no groupId) or replaces rule groupId */
        post: operations["post_rules_addRule"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rules/getAllRules": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The rules of the sections the caller may read, in run order */
        get: operations["get_rules_getAllRules"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rules/getAuditLog": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The rules audit log, newest first: who, when, what, before and after */
        get: operations["get_rules_getAuditLog"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rules/getGuardrails": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The account's guardrails */
        get: operations["get_rules_getGuardrails"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rules/getRuleData": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** One rule */
        post: operations["post_rules_getRuleData"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rules/isRunProcess": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Whether a run is under way, and the latest run's state */
        get: operations["get_rules_isRunProcess"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rules/prepareSourceSelectBox": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The rule dialog's source menu, the account's competitors and the aggregates */
        get: operations["get_rules_prepareSourceSelectBox"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rules/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A rule's live preview over its scope: products matched, changed, and the distribution of changes */
        post: operations["post_rules_preview"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rules/refreshRulesList": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The rules matching filterParams (section, rule_type, status, search) */
        post: operations["post_rules_refreshRulesList"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rules/removeRule": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Deletes a rule */
        post: operations["post_rules_removeRule"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rules/reorder": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Puts the rules of one list in a new order */
        post: operations["post_rules_reorder"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rules/reprice_matrix_types": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The kinds of matrix profile */
        get: operations["get_rules_reprice_matrix_types"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rules/runRulebase": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Runs the active rules (or simulates them) as a background job; one run at a time per account */
        post: operations["post_rules_runRulebase"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rules/saveGuardrails": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sets the account's guardrails, or copies a matrix profile's */
        post: operations["post_rules_saveGuardrails"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rules/targets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The sections the caller may read with their rule types, and what the caller may change */
        get: operations["get_rules_targets"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rules/updateStatus": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Activates or deactivates a rule */
        post: operations["post_rules_updateStatus"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/saveReport/getAllSaveReports": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller's saved reports in the account, without their grid state */
        get: operations["get_saveReport_getAllSaveReports"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/saveReport/getSaveReport": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Opens one of the caller's saved reports, or a shared report read-only */
        post: operations["post_saveReport_getSaveReport"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/saveReport/getUsersEmailForScheduledReport": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The account's users a schedule can mail */
        get: operations["get_saveReport_getUsersEmailForScheduledReport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/saveReport/insertSaveReport": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Saves a new report of the grid's state */
        post: operations["post_saveReport_insertSaveReport"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/saveReport/insertSaveReportForCopyLink": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A share link of a saved report, or of an unsaved one (30 days) */
        post: operations["post_saveReport_insertSaveReportForCopyLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/saveReport/removeSaveReport": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Deletes a saved report and revokes its share links */
        post: operations["post_saveReport_removeSaveReport"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/saveReport/removeScheduledReport": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Stops mailing a saved report */
        post: operations["post_saveReport_removeScheduledReport"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/saveReport/saveRemovedShareAs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Save As on a shared report its owner removed: its saved state as a new report of the caller */
        post: operations["post_saveReport_saveRemovedShareAs"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/saveReport/updateSaveReport": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Saves a saved report's new state */
        post: operations["post_saveReport_updateSaveReport"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/saveReport/updateScheduledReport": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sets the weekdays and recipients a saved report is mailed to */
        post: operations["post_saveReport_updateScheduledReport"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/scenarios": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller's scenarios with their reports, and the reports in none */
        get: operations["get_scenarios"];
        put?: never;
        /** Creates a scenario */
        post: operations["post_scenarios"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/scenarios/associate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Moves a saved report into a scenario, or out of any */
        put: operations["put_scenarios_associate"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/scenarios/reorder": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Puts the caller's scenarios in a new order */
        put: operations["put_scenarios_reorder"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/scenarios/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One scenario with its reports */
        get: operations["get_scenarios_id"];
        put?: never;
        post?: never;
        /** Deletes a scenario; its reports move to none */
        delete: operations["delete_scenarios_id"];
        options?: never;
        head?: never;
        /** Changes a scenario's fields */
        patch: operations["patch_scenarios_id"];
        trace?: never;
    };
    "/system/abortExport": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Cancel an export under way and stop its query */
        post: operations["post_system_abortExport"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/system/addRole": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Add a role to the account (it holds no permission until ticked in the grid) */
        post: operations["post_system_addRole"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/system/deleteRole": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Delete one of the account's roles and its grants (refused while users hold it) */
        post: operations["post_system_deleteRole"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/system/getAccessControl": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The permissions the user's role holds in the account */
        get: operations["get_system_getAccessControl"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/system/getPermissionColumnsDef": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The permissions grid's columns: resource, action, permission, a checkbox per role */
        get: operations["get_system_getPermissionColumnsDef"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/system/getPermissionData": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The permissions grid's rows: each permission and which roles hold it in the account */
        get: operations["get_system_getPermissionData"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/system/renameRole": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Rename one of the account's roles; its users and permissions stay with it */
        post: operations["post_system_renameRole"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/system/sendShareLinkByMail": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Mails the sign-in link of one of the account's share links */
        post: operations["post_system_sendShareLinkByMail"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/system/updatePermission": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Grant or revoke one permission of one role in the account */
        post: operations["post_system_updatePermission"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tabular/downloadScheduledCsv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Download a scheduled report's CSV mailed as a link (?token=; no session: recipients may have no account) */
        get: operations["get_tabular_downloadScheduledCsv"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tabular/exportDataToCsv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Start a CSV export of a grid condition's rows; answers the export's name */
        post: operations["post_tabular_exportDataToCsv"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tabular/exportDataToCsvRealTime": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Start a CSV export of the real-time view's scans of the chosen competitors */
        post: operations["post_tabular_exportDataToCsvRealTime"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tabular/getColumnDefRealTime": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The real-time view's column definitions */
        post: operations["post_tabular_getColumnDefRealTime"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tabular/getColumnsDef": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A report's column definitions */
        post: operations["post_tabular_getColumnsDef"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tabular/getConditionsData": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** One block of grid rows (products or groups) for a condition */
        post: operations["post_tabular_getConditionsData"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tabular/getConditionsDataForRealTime": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** One block (100) of the latest scans of the chosen competitors, newest first */
        post: operations["post_tabular_getConditionsDataForRealTime"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tabular/getCountOfRow": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** How many rows a condition matches at its level */
        post: operations["post_tabular_getCountOfRow"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tabular/getCsvFile": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Download a finished export's CSV file (?reportName=) */
        get: operations["get_tabular_getCsvFile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tabular/getExportStatus": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** An export's state: status, percent, time left, rows written */
        post: operations["post_tabular_getExportStatus"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tabular/getGraphDataForSaveReport": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Graph mode: Lower, Similar and Higher shares of the chosen groups */
        post: operations["post_tabular_getGraphDataForSaveReport"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tabular/getMyExports": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller's exports in this account that are under way or downloadable, newest first */
        get: operations["get_tabular_getMyExports"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tabular/getProductDetailsById": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** One product's full row */
        post: operations["post_tabular_getProductDetailsById"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tabular/getRealTimeTabularCount": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** How many latest scans the chosen competitors have */
        post: operations["post_tabular_getRealTimeTabularCount"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tabular/getTooltipData": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The product tooltip */
        post: operations["post_tabular_getTooltipData"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tabular/initialExportProcess": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** An export's state, read once by the Exporting report dialog before it polls */
        post: operations["post_tabular_initialExportProcess"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tabular/pricing": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Each competitor's latest scan and its scans of the last 24 hours */
        get: operations["get_tabular_pricing"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tabular/searchInReport": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The search box's suggestions: the first 30 matching products and their count */
        post: operations["post_tabular_searchInReport"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A 10-minute signed bearer token for the caller in the selected account (the insights panel and widgets send it) */
        get: operations["get_token"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/token/embed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The embeddable widgets: each key with the address of its script */
        get: operations["get_token_embed"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tooltip/getCompetitorData": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The competitor-versus-my-price tooltip of a product */
        post: operations["post_tooltip_getCompetitorData"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tooltip/getImg": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A product or offer image of the account, scaled to the 145 px thumbnail (?i=address&siteId=competitor) */
        get: operations["get_tooltip_getImg"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/trend/exportDataInClientSide": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The trend table as header names and cells, for the browser's CSV */
        post: operations["post_trend_exportDataInClientSide"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/trend/getColumnsDef": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A trend report's table columns */
        post: operations["post_trend_getColumnsDef"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/trend/getConditionsData": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A trend report's rows: one per day (and group), ascending */
        post: operations["post_trend_getConditionsData"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/trend/getCountOfRow": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** How many rows a trend condition answers */
        post: operations["post_trend_getCountOfRow"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/trend/getLowerCfData": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** An extra line: the weighted mean of a custom field per day */
        post: operations["post_trend_getLowerCfData"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/trend/getLowerCfList": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The custom fields a trend can add as extra lines */
        get: operations["get_trend_getLowerCfList"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/upload/getUploadExample": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A kind's example CSV file (?kind=) */
        get: operations["get_upload_getUploadExample"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/upload/getUploadFile": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One upload with its refused rows (?id=) */
        get: operations["get_upload_getUploadFile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/upload/getUploadFiles": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A kind's latest uploads and what the kind keeps in force (?kind=) */
        get: operations["get_upload_getUploadFiles"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/upload/getUploadKinds": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The upload kinds of the Upload Files screen the caller may use */
        get: operations["get_upload_getUploadKinds"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/upload/getUploadReport": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An upload's per-row report as CSV: its rows with result and reason (?id=) */
        get: operations["get_upload_getUploadReport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/upload/mandatedFSNsExample": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The example CSV of the mandated FSN upload */
        get: operations["get_upload_mandatedFSNsExample"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/upload/upload": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Load a scans, products or metrics file (query kind, multipart field UploadCsv) into the account */
        post: operations["post_upload_upload"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/upload/uploadApprovalCsv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Approve or reject Pending records by CSV (multipart field UploadCsv; columns fsn,status,bizfin comment), all rows or none */
        post: operations["post_upload_uploadApprovalCsv"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/upload/uploadCILabel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Uploads a CI label (multipart field UploadCsv, columns fsn, ci label); processed in the background */
        post: operations["post_upload_uploadCILabel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/upload/uploadContractFile": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Uploads a Contract file (multipart field UploadCsv, columns fsn, floor price, ceiling price, start date, end date); processed in the background */
        post: operations["post_upload_uploadContractFile"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/upload/uploadEventPlanning": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Uploads a Event planning (multipart field UploadCsv, columns fsn, event name, event price, start date, end date); processed in the background */
        post: operations["post_upload_uploadEventPlanning"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/upload/uploadLabelFSNFile": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Uploads a Label FSN file (multipart field UploadCsv, columns fsn, label); processed in the background */
        post: operations["post_upload_uploadLabelFSNFile"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/upload/uploadMandatedFSNs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Adds (uploadFileType add_fsns) or removes (remove_fsns) mandated FSNs from a CSV fsn,comment (field UploadCsv), all rows or none */
        post: operations["post_upload_uploadMandatedFSNs"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/upload/uploadManualContract": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Uploads a Manual contract (multipart field UploadCsv, columns fsn, contract price, start date, end date, comment); processed in the background */
        post: operations["post_upload_uploadManualContract"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/upload/uploadResetBAUFile": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Uploads a Reset-BAU file (multipart field UploadCsv, columns fsn); processed in the background */
        post: operations["post_upload_uploadResetBAUFile"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/addInternalUser": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Invite an e-mail address to the account with a role and categories */
        post: operations["post_users_addInternalUser"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/blockUser": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Block a user in the account */
        post: operations["post_users_blockUser"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/deleteUser": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Remove a user from the account */
        post: operations["post_users_deleteUser"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/generatePassword": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Give an internal user a new random password, shown once */
        post: operations["post_users_generatePassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/getAllAccountUsers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The account's users with their roles and categories */
        get: operations["get_users_getAllAccountUsers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/getUserPermissions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The permissions the user's role holds in the account */
        get: operations["get_users_getUserPermissions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/saveNewEmail": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Change the signed-in user's own e-mail address */
        post: operations["post_users_saveNewEmail"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/updateUser": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Change a user's role or categories in the account */
        post: operations["post_users_updateUser"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/insights/pricing": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The pricing insights panel's numbers (changes at competitors, alerts to review, price raise/reduction candidates, out of stock at competitors) and the report of each */
        get: operations["get_v1_insights_pricing"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/site_reprice_matrix_profiles": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The matrix profiles: named guardrail presets */
        get: operations["get_v1_site_reprice_matrix_profiles"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/widgets/{file}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A widget's script (<key>.js), a page showing it alone (<key>.html) or the widgets' stylesheet (widgets.css) */
        get: operations["get_widgets_file"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        AccessAccountData: {
            /** Format: int64 */
            account_id: number;
            account_name: string;
            app_tables_names: {
                [key: string]: string;
            } | null;
            baseAppDomain: string;
            categories: string[] | null;
            comparison_values: unknown;
            competitors: {
                [key: string]: components["schemas"]["StoreCompetitor"];
            } | null;
            custom_fields: unknown;
            customfield_selector: string;
            field_format: unknown;
            filters_cache_metadata: unknown;
            labels: components["schemas"]["StoreLabel"][] | null;
            role: string;
            role_id: number;
            role_types: components["schemas"]["StoreRole"][] | null;
            settings: {
                [key: string]: null | boolean | number | string | unknown[] | Record<string, never>;
            } | null;
            site_id: string;
            status_format: unknown;
            userEmail: string;
            userPermissions: {
                [key: string]: {
                    [key: string]: string[] | null;
                } | null;
            } | null;
        };
        AccessAccountName: {
            /** Format: int64 */
            id: number;
            name: string;
        };
        AccessAccountSet: {
            /** Format: int64 */
            account_id: number;
            ok: boolean;
        };
        AccessAccountWithAuth: {
            /** Format: int64 */
            id: number;
            name: string;
            role: string;
            selected: boolean;
        };
        AccessAccounts: {
            accounts: components["schemas"]["AccessAccountName"][] | null;
        };
        AccessAccountsWithAuth: {
            accounts: components["schemas"]["AccessAccountWithAuth"][] | null;
        };
        AccessAuthState: {
            /** Format: int64 */
            account_id?: number | null;
            csrfToken: string;
            isAuth: boolean;
            user: components["schemas"]["AccessUser"];
        };
        AccessEmailSaved: {
            email: string;
            ok: boolean;
        };
        AccessGeneratedPassword: {
            message: string;
            password: string;
        };
        AccessIsAuthRequest: {
            site_id?: null | boolean | number | string | unknown[] | Record<string, never>;
        };
        AccessLoginConfig: {
            home_path: string;
            password: boolean;
            sso: components["schemas"]["AccessSSOButton"];
        };
        AccessMember: {
            categories: number[] | null;
            category_names: string[] | null;
            email: string;
            /** Format: int64 */
            id: number;
            is_saml: number;
            role: string;
            role_id: number;
        };
        AccessMemberChange: {
            categories?: (number | string | null)[] | null;
            role?: null | boolean | number | string | unknown[] | Record<string, never>;
            /** @description an id, as a JSON number or a numeric string */
            user_id: number | string | null;
        };
        AccessMembers: {
            users: components["schemas"]["AccessMember"][] | null;
        };
        AccessNewEmail: {
            email: string;
        };
        AccessNewMember: {
            categories?: (number | string | null)[] | null;
            email: string;
            user_role?: null | boolean | number | string | unknown[] | Record<string, never>;
        };
        AccessNewPassword: {
            password: string;
            token: string;
        };
        AccessNewRole: {
            roleName: string;
        };
        AccessPermissionChange: {
            isChecked?: boolean | null;
            roleName: string;
            rowId: string;
        };
        AccessPermissionColumn: {
            colId: string;
            field: string;
            format_type?: string;
            headerName: string;
            roleId?: number;
            rowGroup?: boolean;
        };
        AccessPermissionColumns: {
            columns: components["schemas"]["AccessPermissionColumn"][] | null;
        };
        AccessPermissionRow: {
            action: string;
            code: number;
            id: string;
            permission: string;
            resource: string;
            resource_id: number;
        };
        AccessPermissionRows: {
            rows: components["schemas"]["AccessPermissionRow"][] | null;
        };
        AccessResetRequest: {
            email: string;
        };
        AccessRoleDelete: {
            /** @description an id, as a JSON number or a numeric string */
            roleId: number | string | null;
        };
        AccessRoleRename: {
            /** @description an id, as a JSON number or a numeric string */
            roleId: number | string | null;
            roleName: string;
        };
        AccessSSOButton: {
            enabled: boolean;
            text: string;
            url: string;
        };
        AccessSetAccount: {
            /** @description an id, as a JSON number or a numeric string */
            account_id: number | string | null;
        };
        AccessSignIn: {
            email: string;
            password: string;
        };
        AccessSignedIn: {
            csrfToken: string;
            user: components["schemas"]["AccessUser"];
        };
        AccessTimezone: {
            timezone: string;
        };
        AccessTimezoneIn: {
            timezone: string;
        };
        AccessTokenOut: {
            /** Format: date-time */
            expires_at: string;
            token: string;
        };
        AccessUser: {
            email: string;
            /** Format: int64 */
            id: number;
            is_saml: boolean;
        };
        AccessUserRef: {
            email?: string;
            /** @description an id, as a JSON number or a numeric string */
            user_id: number | string | null;
        };
        ApiDatabaseHealth: {
            error?: string;
            rows?: {
                [key: string]: number;
            } | null;
            up: boolean;
            version?: string;
        };
        ApiHealth: {
            clickhouse: components["schemas"]["ApiDatabaseHealth"];
            down?: string[] | null;
            postgres: components["schemas"]["ApiDatabaseHealth"];
            status: string;
        };
        AppstateAlert: {
            competitorsIds: number[] | null;
            date_filter: number;
            email_ids: string[] | null;
            frequency: number;
            /** Format: int64 */
            label_id: number;
            label_name: string;
            /** Format: date-time */
            last_notified_at?: string | null;
            only_changes_since_last_notification: boolean;
            /** Format: int64 */
            report_id: number;
            /** Format: int64 */
            saved_report_id: number;
            user_ids: number[] | null;
        };
        AppstateAlertIn: {
            competitorsIds: (number | string | null)[] | null;
            /** @description an id, as a JSON number or a numeric string */
            date_filter?: number | string | null;
            /** @description a list of texts, or one text */
            email_ids?: (string | number)[] | string | null;
            /** @description an id, as a JSON number or a numeric string */
            frequency?: number | string | null;
            /** @description an id, as a JSON number or a numeric string */
            label_id?: number | string | null;
            label_name: string;
            only_changes_since_last_notification?: boolean;
            /** @description an id, as a JSON number or a numeric string */
            report_id?: number | string | null;
            /** @description an id, as a JSON number or a numeric string */
            saved_report_id?: number | string | null;
            user_ids?: (number | string | null)[] | null;
        };
        AppstateAlertOut: {
            alert: components["schemas"]["AppstateAlert"];
        };
        AppstateAlertRemoveIn: {
            /** @description an id, as a JSON number or a numeric string */
            report_id: number | string | null;
        };
        AppstateAlertsOut: {
            alerts: components["schemas"]["AppstateAlert"][] | null;
        };
        AppstateAssignedOut: {
            assigned: number;
            ok: boolean;
        };
        AppstateAssociateIn: {
            /** @description an id, as a JSON number or a numeric string */
            folder_id?: number | string | null;
            /** @description an id, as a JSON number or a numeric string */
            report_id: number | string | null;
        };
        AppstateCopyLinkIn: {
            condition?: unknown;
            /** @description an id, as a JSON number or a numeric string */
            reportId?: number | string | null;
        };
        AppstateCustomReport: {
            /** Format: int64 */
            id: number;
            name: string;
            report_type: number;
        };
        AppstateCustomReportIn: {
            embed_url?: string | null;
            name?: string | null;
            report_type?: number | null;
        };
        AppstateCustomReportOut: {
            report: components["schemas"]["AppstateCustomReport"];
        };
        AppstateCustomReportsOut: {
            reports: components["schemas"]["AppstateCustomReport"][] | null;
        };
        AppstateEmbed: {
            embed_token: string;
            embed_url: string;
            /** Format: date-time */
            expires_at: string;
        };
        AppstateEmbedOut: {
            embed: components["schemas"]["AppstateEmbed"];
        };
        AppstateFlagIn: {
            /** Format: int64 */
            competitorId: number;
            competitorProductId?: string;
            productId: string;
            reason?: string;
        };
        AppstateFlagsOut: {
            flags: components["schemas"]["StoreMatchFlag"][] | null;
        };
        AppstateLabel: {
            color: string;
            /** Format: int64 */
            id: number;
            name: string;
            sso_user_read_only: boolean;
        };
        AppstateLabelAssignedOut: {
            assigned: number;
            label: components["schemas"]["AppstateLabel"];
        };
        AppstateLabelForProductsIn: {
            color: string;
            condition?: unknown;
            name: string;
            /** @description a list of texts, or one text */
            productsIds?: (string | number)[] | string | null;
            selectAllRows?: boolean;
            sso_user_read_only?: boolean;
            /** @description a list of texts, or one text */
            toggled?: (string | number)[] | string | null;
        };
        AppstateLabelIn: {
            color: string;
            name: string;
            sso_user_read_only?: boolean;
        };
        AppstateLabelOut: {
            label: components["schemas"]["AppstateLabel"];
        };
        AppstateLabelRemoveIn: {
            /** @description an id, as a JSON number or a numeric string */
            label_id?: number | string | null;
            label_name?: string;
        };
        AppstateLabelsOut: {
            labels: components["schemas"]["AppstateLabel"][] | null;
        };
        AppstateMatchIn: {
            /** Format: int64 */
            competitorId: number;
            productId: string;
        };
        AppstateNewReportOut: {
            /** Format: int64 */
            id: number;
            report: components["schemas"]["AppstateReport"];
        };
        AppstateNewScenarioIn: {
            background_color?: string | null;
            description?: string | null;
            icon?: number | null;
            name?: string | null;
        };
        AppstateProductLabelsIn: {
            condition?: unknown;
            /** @description an id, as a JSON number or a numeric string */
            labelId: number | string | null;
            /** @description a list of texts, or one text */
            productsIds?: (string | number)[] | string | null;
            selectAllRows?: boolean;
            /** @description a list of texts, or one text */
            toggled?: (string | number)[] | string | null;
        };
        AppstateRecipientsOut: {
            users: components["schemas"]["AppstateUserEmail"][] | null;
        };
        AppstateRemovedOut: {
            ok: boolean;
            removed: number;
        };
        AppstateReport: {
            chart: boolean;
            columns_index: unknown;
            compareTo: string;
            comparisonValues: unknown;
            competitors_visibility: unknown;
            condition: unknown;
            constantReport: boolean;
            dates: unknown;
            distribution_weights_cf: string;
            email_ids: string[] | null;
            /** Format: date-time */
            expires_at: string;
            filters: unknown;
            /** Format: int64 */
            folder_id: number;
            group_mode: unknown;
            /** Format: int64 */
            id: number;
            is_old: boolean;
            ordering: unknown;
            page_title: string;
            read_only: boolean;
            report_name: string;
            report_path: string;
            report_type: string;
            scheduled_days: string;
            selected_rows: unknown;
            share: number;
            /** Format: date-time */
            updated_at: string;
            /** Format: int64 */
            user_id?: number | null;
            user_ids: number[] | null;
            visible_columns: unknown;
            /** Format: date-time */
            when_added: string;
        };
        AppstateReportIn: {
            chart?: boolean;
            columns_index?: unknown;
            compareTo?: string;
            comparisonValues?: unknown;
            competitors_visibility?: unknown;
            condition?: unknown;
            constantReport?: boolean;
            dates?: unknown;
            distribution_weights_cf?: string;
            filters?: unknown;
            /** @description an id, as a JSON number or a numeric string */
            folder_id?: number | string | null;
            group_mode?: unknown;
            ordering?: unknown;
            page_title?: string;
            report_name: string;
            report_path?: string;
            report_type: string;
            selected_rows?: unknown;
            visible_columns?: unknown;
        };
        AppstateReportOpenIn: {
            id: unknown;
            isShareLink?: boolean;
        };
        AppstateReportOut: {
            report: components["schemas"]["AppstateReport"];
        };
        AppstateReportRemoveIn: {
            /** @description an id, as a JSON number or a numeric string */
            reportId: number | string | null;
        };
        AppstateReportStub: {
            /** Format: int64 */
            folder_id: number;
            /** Format: int64 */
            id: number;
            report_name: string;
            report_path: string;
            report_type: string;
        };
        AppstateReportSummary: {
            chart: boolean;
            compareTo: string;
            constantReport: boolean;
            distribution_weights_cf: string;
            email_ids: string[] | null;
            /** Format: date-time */
            expires_at: string;
            /** Format: int64 */
            folder_id: number;
            /** Format: int64 */
            id: number;
            is_old: boolean;
            page_title: string;
            read_only: boolean;
            report_name: string;
            report_path: string;
            report_type: string;
            scheduled_days: string;
            share: number;
            /** Format: date-time */
            updated_at: string;
            /** Format: int64 */
            user_id?: number | null;
            user_ids: number[] | null;
            /** Format: date-time */
            when_added: string;
        };
        AppstateReportUpdateIn: {
            chart?: boolean;
            columns_index?: unknown;
            compareTo?: string;
            comparisonValues?: unknown;
            competitors_visibility?: unknown;
            condition?: unknown;
            constantReport?: boolean;
            dates?: unknown;
            distribution_weights_cf?: string;
            filters?: unknown;
            /** @description an id, as a JSON number or a numeric string */
            folder_id?: number | string | null;
            group_mode?: unknown;
            /** @description an id, as a JSON number or a numeric string */
            id: number | string | null;
            ordering?: unknown;
            page_title?: string;
            report_name: string;
            report_path?: string;
            report_type: string;
            selected_rows?: unknown;
            visible_columns?: unknown;
        };
        AppstateReportsOut: {
            reports: components["schemas"]["AppstateReportSummary"][] | null;
        };
        AppstateScenario: {
            background_color: string;
            description: string;
            icon: number;
            /** Format: int64 */
            id: number;
            name: string;
            /** Format: int32 */
            order: number;
            reports: components["schemas"]["AppstateReportStub"][] | null;
        };
        AppstateScenarioIn: {
            background_color?: string | null;
            description?: string | null;
            icon?: number | null;
            name?: string | null;
        };
        AppstateScenarioOrderIn: {
            order: (number | string | null)[] | null;
        };
        AppstateScenarioOut: {
            scenario: components["schemas"]["AppstateScenario"];
        };
        AppstateScenariosOut: {
            other: components["schemas"]["AppstateReportStub"][] | null;
            scenarios: components["schemas"]["AppstateScenario"][] | null;
        };
        AppstateScheduleFields: {
            /** @description a list of texts, or one text */
            email_ids?: (string | number)[] | string | null;
            /** @description an id, as a JSON number or a numeric string */
            report_id?: number | string | null;
            scheduled_days?: string;
            user_ids?: (number | string | null)[] | null;
        } | null;
        AppstateScheduleIn: {
            /** @description a list of texts, or one text */
            email_ids?: (string | number)[] | string | null;
            /** @description an id, as a JSON number or a numeric string */
            report_id?: number | string | null;
            scheduled_days?: string;
            updateScheduledReport?: components["schemas"]["AppstateScheduleFields"];
            user_ids?: (number | string | null)[] | null;
        };
        AppstateScheduleRemoveIn: {
            /** @description an id, as a JSON number or a numeric string */
            report_id: number | string | null;
        };
        AppstateShareLink: {
            /** Format: date-time */
            expires_at?: string | null;
            id: string;
            url: string;
        };
        AppstateShareMailIn: {
            condition?: unknown;
            /** @description a list of texts, or one text */
            emails: (string | number)[] | string | null;
            url: string;
        };
        AppstateShareSaveAsIn: {
            /** Format: int64 */
            folder_id?: number;
            report_name: string;
            shareId: string;
        };
        AppstateUnlabelIn: {
            /** @description an id, as a JSON number or a numeric string */
            labelId?: number | string | null;
            labelName?: string;
            /** @description a list of texts, or one text */
            productsId: (string | number)[] | string | null;
        };
        AppstateUserEmail: {
            email: string;
            /** Format: int64 */
            id: number;
        };
        DropsManifest: {
            /** Format: int64 */
            bytes?: number;
            columns?: string[] | null;
            file?: string;
            format?: string;
            /** Format: date-time */
            generated_at?: string;
            report?: components["schemas"]["DropsManifestReport"];
            /** Format: int64 */
            rows?: number;
            sha256?: string;
        } | null;
        DropsManifestReport: {
            /** Format: int64 */
            account_id?: number;
            /** Format: int64 */
            id?: number;
            name?: string;
        };
        DropsReport: {
            /** Format: int64 */
            id: number;
            name: string;
            owner: string;
        };
        DropsRun: {
            /** Format: date-time */
            at?: string | null;
            /** Format: date-time */
            due?: string | null;
            error: string;
            manifest?: components["schemas"]["DropsManifest"];
            status: string;
        } | null;
        DropsSchedule: {
            cron: string;
            directory: string;
            format: string;
            /** Format: int64 */
            id: number;
            last_run?: components["schemas"]["DropsRun"];
            /** Format: date-time */
            next_due: string;
            /** Format: int64 */
            report_id: number;
            report_name: string;
        };
        DropsScheduleIDIn: {
            /** @description an id, as a JSON number or a numeric string */
            id: number | string | null;
        };
        DropsScheduleIn: {
            cron: string;
            directory?: string;
            format: string;
            /** @description an id, as a JSON number or a numeric string */
            report_id: number | string | null;
        };
        DropsScheduleOut: {
            schedule: components["schemas"]["DropsSchedule"];
        };
        DropsSchedulesOut: {
            reports: components["schemas"]["DropsReport"][] | null;
            root: string;
            schedules: components["schemas"]["DropsSchedule"][] | null;
        };
        EngineGuardrails: {
            /** Format: double */
            auto_approve_pct: number;
            matrix_profile: string;
            /** Format: double */
            max_change_pct?: number | null;
            /** Format: double */
            min_margin_pct?: number | null;
            rounding_endings?: number[] | null;
        };
        EngineRuleAdjust: {
            /** Format: double */
            amount?: number;
            /** Format: double */
            percent?: number;
        };
        EngineRuleSource: {
            aggregate?: string;
            /** Format: double */
            amount?: number;
            competitors?: number[] | null;
            in_stock_only?: boolean;
            kind: string;
        };
        EngineSortItem: {
            colId?: string;
            sort?: string;
        };
        EngineSourceOption: {
            id: string;
            name: string;
        };
        GridApprovalBlock: {
            lastRow: number;
            rows: ({
                [key: string]: null | boolean | number | string | unknown[] | Record<string, never>;
            } | null)[] | null;
            /** Format: int64 */
            run_id?: number | null;
        };
        GridApprovalCount: {
            count: number;
            pending: number;
        };
        GridApprovalCountRequest: {
            conditionData: unknown;
        };
        GridApprovalRequest: {
            data: unknown;
        };
        GridAssortmentColumnsRequest: {
            tableName: string;
        };
        GridAssortmentRequest: {
            data: unknown;
            tableName?: string;
        };
        GridAuditBlock: {
            lastRow: number;
            rows: components["schemas"]["StoreDecisionRow"][] | null;
        };
        GridAuditFilter: {
            dateFrom?: string;
            dateTo?: string;
            filter?: string;
            filterType?: string;
            type?: string;
            values?: string[] | null;
        };
        GridAuditRequest: {
            filters?: {
                [key: string]: components["schemas"]["GridAuditFilter"];
            } | null;
            limit?: number;
            sort?: components["schemas"]["EngineSortItem"][] | null;
            startRow?: number;
        };
        GridBrandPage: {
            brands: string[] | null;
            hasMore: boolean;
            offset: number;
        };
        GridBrandsQuery: {
            offset?: number;
            search?: string;
        };
        GridBrandsRequest: {
            data?: components["schemas"]["GridBrandsQuery"];
        };
        GridCategoryTree: {
            categories: components["schemas"]["ReportCategoryNode"][] | null;
        };
        GridColumnDef: {
            calculateField: boolean;
            colId: string;
            /** Format: int64 */
            competitorId?: number;
            customFields: boolean;
            default_column: boolean;
            enableRowGroup: boolean;
            field: string;
            filter_type: string;
            format_type: string;
            graphMode: boolean;
            groupModeParams: null | boolean | number | string | unknown[] | Record<string, never>;
            headerName: string;
            is_bool: boolean;
            radioValues?: string[] | null;
            refresh: boolean;
            repriceField: boolean;
        };
        GridColumns: {
            columns: components["schemas"]["GridColumnDef"][] | null;
        };
        GridColumnsRequest: {
            isShareLink?: boolean;
            reportId?: unknown;
        };
        GridCommentRequest: {
            bizfin_comment?: string;
            product_id: string;
            /** Format: int64 */
            run_id: number;
        };
        GridCompetitorRows: {
            lastRow: number;
            rows: components["schemas"]["ReportCompetitorRow"][] | null;
        };
        GridConditionRequest: {
            condition: unknown;
        };
        GridCount: {
            count: number;
        };
        GridDecideAnswer: {
            changed: number;
            message: string;
            selected: number;
        };
        GridDecideRequest: {
            data?: unknown;
            decision: string;
            excluded_ids?: string[] | null;
            product_ids?: string[] | null;
            /** Format: int64 */
            run_id: number;
            select_all?: boolean;
        };
        GridExportRequest: {
            condition: unknown;
            selectAll?: boolean;
            toggledNodes?: string[] | null;
        };
        GridExportStarted: {
            exportReportName: string;
        };
        GridGraph: {
            height: number;
            rows: ({
                [key: string]: null | boolean | number | string | unknown[] | Record<string, never>;
            } | null)[] | null;
        };
        GridGraphRequest: {
            condition: unknown;
            groupsArray?: unknown[] | null;
        };
        GridProductDetails: {
            product: {
                [key: string]: null | boolean | number | string | unknown[] | Record<string, never>;
            } | null;
        };
        GridProductRequest: {
            id?: unknown;
            productId?: unknown;
            product_id?: unknown;
        };
        GridRealTimeRequest: {
            competitorsId?: (number | string | null)[] | null;
            offset?: number;
        };
        GridReportNameRequest: {
            reportName: string;
        };
        GridRepricingExportRequest: {
            condition: unknown;
            selectAll?: boolean;
            toggledNodes?: string[] | null;
        };
        GridResultsBlock: {
            lastRow: number;
            rows: ({
                [key: string]: null | boolean | number | string | unknown[] | Record<string, never>;
            } | null)[] | null;
            /** Format: int64 */
            run_id?: number | null;
        };
        GridResultsCount: {
            count: number;
            pending?: number | null;
        };
        GridResultsCountRequest: {
            calculatePendingRow?: boolean;
            conditionData: unknown;
        };
        GridResultsRequest: {
            data: unknown;
        };
        GridSearchRequest: {
            condition?: unknown;
            mode?: string;
            search?: string;
        };
        HttperrError: {
            code?: string;
            field?: string;
            message?: string;
        };
        IngestReject: {
            column?: string;
            reason?: string;
            /** Format: int64 */
            row?: number;
        };
        IngestSummary: {
            accounts?: number[] | null;
            alreadyLoaded?: boolean;
            file?: string;
            format?: string;
            ignoredColumns?: string[] | null;
            /** Format: double */
            insertSeconds?: number;
            kind?: string;
            loadId?: string;
            /** Format: int64 */
            loaded?: number;
            /** Format: double */
            refreshSeconds?: number;
            /** Format: int64 */
            rejected?: number;
            rejects?: components["schemas"]["IngestReject"][] | null;
            resumed?: boolean;
            /** Format: int64 */
            rows?: number;
            /** Format: double */
            rowsPerSecond?: number;
            /** Format: double */
            seconds?: number;
        };
        MandatedDeleteRequest: {
            items?: number[] | null;
        };
        MandatedFSNResult: {
            action: string;
            applied: number;
            message: string;
        };
        MandatedList: {
            brands: components["schemas"]["StoreMandatedBrand"][] | null;
            /** Format: int64 */
            fsns: number;
        };
        MandatedSaveRequest: {
            brand?: string[] | null;
            category?: components["schemas"]["MandatedVerticalRef"][] | null;
            comment?: string;
            topCategory?: components["schemas"]["MandatedSuperCategoryRef"][] | null;
        };
        MandatedSuperCategoryRef: {
            /** Format: int64 */
            id?: number;
            name?: string;
        };
        MandatedVerticalRef: {
            id?: string;
            name?: string;
            /** Format: int64 */
            topCategory?: number;
        };
        PricerAuditOut: {
            lastRow: number;
            rows: components["schemas"]["StoreRuleAuditEntry"][] | null;
        };
        PricerBucket: {
            count: number;
            /** Format: double */
            from?: number | null;
            /** Format: double */
            to?: number | null;
        };
        PricerCompetitor: {
            /** Format: int64 */
            id: number;
            name: string;
        };
        PricerFilterParams: {
            rule_type?: string;
            search?: string;
            section?: string;
            status?: string;
        };
        PricerGroupIDOut: {
            /** Format: int64 */
            groupId: number;
        };
        PricerGuardrailsIn: {
            /** Format: double */
            auto_approve_pct?: number;
            matrix_profile?: string;
            /** Format: double */
            max_change_pct?: number | null;
            /** Format: double */
            min_margin_pct?: number | null;
            rounding_endings?: number[] | null;
        };
        PricerGuardrailsOut: {
            guardrails: components["schemas"]["EngineGuardrails"];
        };
        PricerMatrixProfile: {
            guardrails: components["schemas"]["EngineGuardrails"];
            id: string;
            name: string;
            type: string;
        };
        PricerMatrixProfiles: {
            profiles: components["schemas"]["PricerMatrixProfile"][] | null;
        };
        PricerMatrixType: {
            description: string;
            id: string;
            name: string;
        };
        PricerMatrixTypes: {
            types: components["schemas"]["PricerMatrixType"][] | null;
        };
        PricerPreviewIn: {
            adjust?: components["schemas"]["EngineRuleAdjust"];
            /** @description an id, as a JSON number or a numeric string */
            groupId?: number | string | null;
            name: string;
            rule_type: string;
            scope?: unknown;
            section: string;
            source: components["schemas"]["EngineRuleSource"];
            status?: string;
        };
        PricerPreviewOut: {
            basis: string;
            changed: number;
            decided: number;
            distribution: components["schemas"]["PricerBucket"][] | null;
            matched: number;
        };
        PricerRefreshIn: {
            filterParams?: components["schemas"]["PricerFilterParams"];
        };
        PricerReorderIn: {
            order: (number | string | null)[] | null;
            rule_type?: string;
            section: string;
        };
        PricerRuleID: {
            /** @description an id, as a JSON number or a numeric string */
            groupId: number | string | null;
        };
        PricerRuleIn: {
            adjust?: components["schemas"]["EngineRuleAdjust"];
            /** @description an id, as a JSON number or a numeric string */
            groupId?: number | string | null;
            name: string;
            rule_type: string;
            scope?: unknown;
            section: string;
            source: components["schemas"]["EngineRuleSource"];
            status?: string;
        };
        PricerRuleOut: {
            rule: components["schemas"]["StoreRule"];
        };
        PricerRules: {
            rules: components["schemas"]["StoreRule"][] | null;
        };
        PricerRunIn: {
            isSimulation?: boolean;
        };
        PricerRunOut: {
            created: boolean;
            /** Format: int64 */
            run_id: number;
        };
        PricerRunState: {
            /** Format: int64 */
            auto_approved: number;
            /** Format: int64 */
            changed: number;
            error?: string;
            finished_at?: string | null;
            is_simulation: boolean;
            /** Format: int64 */
            pending: number;
            /** Format: int64 */
            products: number;
            /** Format: int64 */
            run_id?: number | null;
            running: boolean;
            status: string;
        };
        PricerSourceBox: {
            aggregates: string[] | null;
            competitors: components["schemas"]["PricerCompetitor"][] | null;
            sources: components["schemas"]["EngineSourceOption"][] | null;
        };
        PricerStatusIn: {
            /** @description an id, as a JSON number or a numeric string */
            groupId: number | string | null;
            status: string;
        };
        PricerTarget: {
            can_edit: boolean;
            name: string;
            rule_types: string[] | null;
            section: string;
        };
        PricerTargets: {
            can_reorder: boolean;
            can_run: boolean;
            targets: components["schemas"]["PricerTarget"][] | null;
        };
        ReportBlock: {
            lastRow: number;
            rows: ({
                [key: string]: null | boolean | number | string | unknown[] | Record<string, never>;
            } | null)[] | null;
        };
        ReportCategoryNode: {
            children?: components["schemas"]["ReportCategoryNode"][];
            /** Format: int64 */
            id?: number;
            name: string;
            products: number;
        } | null;
        ReportCompetitorRow: {
            brand?: string | null;
            bucket?: string | null;
            competitor: string;
            /** Format: int64 */
            competitor_id: number;
            currency_symbol: string;
            img_url?: string | null;
            in_stock?: number | null;
            mfgr_prod_id?: string | null;
            /** Format: double */
            my_price?: number | null;
            name?: string | null;
            on_sale?: number | null;
            /** Format: double */
            price?: number | null;
            /** Format: double */
            price_delta?: number | null;
            prod_id?: string | null;
            seen_at?: string | null;
            url?: string | null;
        };
        ReportCompetitorScans: {
            /** Format: int64 */
            id: number;
            /** Format: date-time */
            last_scan?: string | null;
            name: string;
            offers: number;
            scans_last_day: number;
        };
        ReportCompetitorTooltip: {
            competitors: components["schemas"]["ReportCompetitorRow"][] | null;
            id: string;
            /** Format: double */
            my_price?: number | null;
            name: string;
        };
        ReportExportList: {
            exports: components["schemas"]["ReportExportStatus"][] | null;
        };
        ReportExportStatus: {
            /** Format: date-time */
            created_at: string;
            error?: string;
            /** Format: double */
            eta_seconds?: number | null;
            /** Format: date-time */
            expires_at: string;
            /** Format: double */
            percent: number;
            reportName: string;
            /** Format: int64 */
            rows: number;
            status: string;
        };
        ReportHighlight: {
            /** Format: double */
            diff?: number | null;
            field: string;
            id: string;
            image?: components["schemas"]["ReportHighlightImage"];
            /** Format: double */
            number: number;
        };
        ReportHighlightImage: {
            h: number;
            src: string;
            w: number;
        } | null;
        ReportInsight: {
            highlights: components["schemas"]["ReportHighlight"][] | null;
            key: string;
            link: string;
            metric: string;
            summary: string;
            title: string;
        };
        ReportInsightCards: {
            insights: components["schemas"]["ReportInsight"][] | null;
        };
        ReportPricingInsights: {
            alert_reports_to_review: number;
            candidates_source: string;
            changes_at_competitor_last_day: number;
            changes_at_competitor_last_week: number;
            links: {
                [key: string]: string;
            } | null;
            num_products_for_price_down: number;
            num_products_for_price_up: number;
            num_products_out_of_stock_at_comp: number;
        };
        ReportScanSummary: {
            competitors: components["schemas"]["ReportCompetitorScans"][] | null;
        };
        ReportSearchResult: {
            count: number;
            rows: ({
                [key: string]: null | boolean | number | string | unknown[] | Record<string, never>;
            } | null)[] | null;
        };
        ReportTooltip: {
            availability?: number | null;
            brand?: string | null;
            category?: string | null;
            currency_symbol: string;
            description: string;
            id: string;
            image?: string | null;
            last_scanned?: string | null;
            link?: string | null;
            mfgr_prod_id?: string | null;
            on_sale?: number | null;
            /** Format: double */
            price?: number | null;
        };
        RouteDone: {
            message: string;
            ok: boolean;
        };
        RouteErrorBody: {
            error?: components["schemas"]["HttperrError"];
        };
        RouteMessage: {
            message: string;
        };
        RouteOK: {
            ok: boolean;
        };
        StoreCompetitor: {
            checked?: boolean;
            /** Format: int64 */
            id?: number;
            name?: string;
        };
        StoreDecisionRow: {
            bizfin_comment: string;
            /** Format: date-time */
            decided_at: string;
            decided_by: string;
            decision: string;
            /** Format: int64 */
            id: number;
            /** Format: double */
            new_price: number;
            /** Format: double */
            old_price: number;
            product_id: string;
            /** Format: int64 */
            run_id: number;
            source: string;
        };
        StoreLabel: {
            color?: string;
            /** Format: int64 */
            id?: number;
            name?: string;
            sso_user_read_only?: boolean;
        };
        StoreMandatedBrand: {
            brand: string;
            comment: string;
            /** Format: date-time */
            created_at: string;
            created_by: string;
            /** Format: int64 */
            id: number;
            super_category: string;
            verticals: string[] | null;
        };
        StoreMatchFlag: {
            /** Format: int64 */
            competitor_id: number;
            competitor_name: string;
            competitor_product_id: string;
            /** Format: date-time */
            flagged_at: string;
            flagged_by: string;
            product_id: string;
            reason: string;
            /** Format: date-time */
            resolved_at?: string | null;
            resolved_by: string;
            status: string;
        };
        StoreOverride: {
            /** Format: date-time */
            updated_at: string;
            values: string[] | null;
        };
        StoreRefusal: {
            fsn: string;
            line: number;
            reason: string;
        };
        StoreRole: {
            id: number;
            name: string;
        };
        StoreRule: {
            adjust?: components["schemas"]["EngineRuleAdjust"];
            /** Format: int64 */
            groupId?: number;
            name?: string;
            order?: number;
            rule_type?: string;
            scope?: unknown;
            section?: string;
            source?: components["schemas"]["EngineRuleSource"];
            status?: string;
            /** Format: date-time */
            updated_at?: string;
            updated_by?: string;
        };
        StoreRuleAuditEntry: {
            action?: string;
            after?: null | boolean | number | string | unknown[] | Record<string, never>;
            /** Format: date-time */
            at?: string;
            before?: null | boolean | number | string | unknown[] | Record<string, never>;
            /** Format: int64 */
            id?: number;
            rule_id?: string;
            user?: string;
        };
        StoreUploadFile: {
            error: string;
            file_name: string;
            /** Format: date-time */
            finished_at?: string | null;
            /** Format: int64 */
            id: number;
            kind: string;
            refused: components["schemas"]["StoreRefusal"][] | null;
            rows_applied: number;
            rows_refused: number;
            rows_total: number;
            status: string;
            /** Format: date-time */
            uploaded_at: string;
            uploaded_by: string;
        };
        TrendColumnsRequest: {
            isShareLink?: boolean;
            reportId?: unknown;
            tableName: string;
        };
        TrendCount: {
            count: number;
        };
        TrendCustomField: {
            display_name: string;
            logical_name: string;
        };
        TrendCustomFieldList: {
            customFields: components["schemas"]["TrendCustomField"][] | null;
            maxLines: number;
        };
        TrendDataRequest: {
            data: unknown;
        };
        TrendExportRequest: {
            pivotColumns: components["schemas"]["TrendPivotColumn"][] | null;
            rowData: ({
                [key: string]: null | boolean | number | string | unknown[] | Record<string, never>;
            } | null)[] | null;
        };
        TrendExportTable: {
            columns: string[] | null;
            data: ((null | boolean | number | string | unknown[] | Record<string, never>)[] | null)[] | null;
        };
        TrendLowerCfRequest: {
            condition: unknown;
            customField: string;
        };
        TrendPivotColumn: {
            field: string;
            headerName?: string;
        };
        TrendRows: {
            /** Format: date-time */
            dataAsOf?: string | null;
            flagged: {
                [key: string]: number;
            } | null;
            lastRow: number;
            rows: ({
                [key: string]: null | boolean | number | string | unknown[] | Record<string, never>;
            } | null)[] | null;
        };
        UploadApprovalCSVAnswer: {
            changed: number;
            message: string;
        };
        UploadFilesOut: {
            active: components["schemas"]["StoreOverride"][] | null;
            active_total: number;
            columns: string[] | null;
            uploads: components["schemas"]["StoreUploadFile"][] | null;
        };
        UploadKindOut: {
            columns: string[] | null;
            description: string;
            example_name: string;
            kind: string;
            path: string;
            title: string;
        };
        UploadKindsOut: {
            kinds: components["schemas"]["UploadKindOut"][] | null;
        };
        WidgetsEmbed: {
            key: string;
            url: string;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    get_account_getAccountData: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccessAccountData"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    get_account_getAccounts: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccessAccounts"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    get_account_getAccountsWithAuth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccessAccountsWithAuth"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    get_account_refreshAccountData: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccessAccountData"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    post_account_setAccount: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["AccessSetAccount"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccessAccountSet"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    post_account_setTimezone: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["AccessTimezoneIn"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccessTimezone"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    post_approval_decide: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["GridDecideRequest"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GridDecideAnswer"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    post_approval_getAuditData: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["GridAuditRequest"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GridAuditBlock"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    get_approval_getColumnsDef: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GridColumns"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    post_approval_getConditionsData: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["GridApprovalRequest"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GridApprovalBlock"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    post_approval_getCountOfRow: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["GridApprovalCountRequest"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GridApprovalCount"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    post_approval_updateComment: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["GridCommentRequest"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteOK"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    post_assortment_exportDataToCsv: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["GridAssortmentRequest"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GridExportStarted"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    post_assortment_getColumnsDef: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["GridAssortmentColumnsRequest"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GridColumns"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    post_assortment_getConditionsData: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["GridAssortmentRequest"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReportBlock"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    post_assortment_getCountOfRow: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["GridAssortmentRequest"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GridCount"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    post_assortment_getNameTooltipData: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["GridProductRequest"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReportTooltip"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    post_auth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["AccessSignIn"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccessSignedIn"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    post_auth_isAuth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["AccessIsAuthRequest"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccessAuthState"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    get_competitor_getColumnsDef: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GridColumns"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    post_competitor_getData: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["GridProductRequest"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GridCompetitorRows"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    get_custom_reports: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AppstateCustomReportsOut"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    post_custom_reports: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["AppstateCustomReportIn"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AppstateCustomReportOut"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    get_custom_reports_id: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AppstateCustomReportOut"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    delete_custom_reports_id: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteOK"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    patch_custom_reports_id: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["AppstateCustomReportIn"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AppstateCustomReportOut"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    get_custom_reports_id_embed: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AppstateEmbedOut"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    post_export_addSchedule: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["DropsScheduleIn"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DropsScheduleOut"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    get_export_getSchedules: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DropsSchedulesOut"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    post_export_removeSchedule: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["DropsScheduleIDIn"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteOK"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    post_filters_getBrandsList: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["GridBrandsRequest"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GridBrandPage"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    get_filters_getCategoryDropDownList: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GridCategoryTree"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    get_health: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiHealth"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    get_insights_cards: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReportInsightCards"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    post_labels_addAlert: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["AppstateAlertIn"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AppstateAlertOut"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    get_labels_getAllAlerts: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AppstateAlertsOut"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    get_labels_getAllLabels: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AppstateLabelsOut"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    post_labels_insertNewLabels: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["AppstateLabelIn"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AppstateLabelOut"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    post_labels_insertNewLabelsForProduct: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["AppstateLabelForProductsIn"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AppstateLabelAssignedOut"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    post_labels_insertProductLabels: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["AppstateProductLabelsIn"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AppstateAssignedOut"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    post_labels_removeAlert: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["AppstateAlertRemoveIn"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteOK"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    post_labels_removeLabel: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["AppstateLabelRemoveIn"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteOK"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    post_labels_removeLabelFromProduct: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["AppstateUnlabelIn"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AppstateRemovedOut"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    get_login_config: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccessLoginConfig"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    get_login_logout: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteOK"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    post_login_resetPassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["AccessResetRequest"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteDone"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    post_login_resetPassword_confirm: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["AccessNewPassword"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteOK"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    get_login_sso: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    get_login_sso_callback: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, never>;
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    get_match_feedback_exportCsv: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": unknown;
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    post_match_feedback_flagMatch: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["AppstateFlagIn"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteDone"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    get_match_feedback_getFlags: {
        parameters: {
            query?: {
                status?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AppstateFlagsOut"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    post_match_feedback_resolveMatch: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["AppstateMatchIn"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteDone"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    post_match_feedback_unflagMatch: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["AppstateMatchIn"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteDone"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    "get_openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    post_repricing_deleteMandatedBrands: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["MandatedDeleteRequest"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteDone"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    post_repricing_exportDataToCsv: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["GridRepricingExportRequest"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GridExportStarted"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    get_repricing_getColumnsDef: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GridColumns"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    post_repricing_getConditionsData: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["GridResultsRequest"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GridResultsBlock"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    post_repricing_getCountOfRow: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["GridResultsCountRequest"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GridResultsCount"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    get_repricing_getMandatedBrands: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MandatedList"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    post_repricing_saveMandatedBrands: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["MandatedSaveRequest"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteDone"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    post_rules_addRule: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["PricerRuleIn"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PricerGroupIDOut"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    get_rules_getAllRules: {
        parameters: {
            query?: {
                section?: string;
                rule_type?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PricerRules"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    get_rules_getAuditLog: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PricerAuditOut"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    get_rules_getGuardrails: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PricerGuardrailsOut"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    post_rules_getRuleData: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["PricerRuleID"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PricerRuleOut"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    get_rules_isRunProcess: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PricerRunState"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    get_rules_prepareSourceSelectBox: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PricerSourceBox"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    post_rules_preview: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["PricerPreviewIn"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PricerPreviewOut"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    post_rules_refreshRulesList: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["PricerRefreshIn"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PricerRules"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    post_rules_removeRule: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["PricerRuleID"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteOK"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    post_rules_reorder: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["PricerReorderIn"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteOK"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    get_rules_reprice_matrix_types: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PricerMatrixTypes"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    post_rules_runRulebase: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["PricerRunIn"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PricerRunOut"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    post_rules_saveGuardrails: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["PricerGuardrailsIn"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PricerGuardrailsOut"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    get_rules_targets: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PricerTargets"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    post_rules_updateStatus: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["PricerStatusIn"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteOK"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    get_saveReport_getAllSaveReports: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AppstateReportsOut"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    post_saveReport_getSaveReport: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["AppstateReportOpenIn"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AppstateReportOut"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    get_saveReport_getUsersEmailForScheduledReport: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AppstateRecipientsOut"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    post_saveReport_insertSaveReport: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["AppstateReportIn"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AppstateNewReportOut"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    post_saveReport_insertSaveReportForCopyLink: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["AppstateCopyLinkIn"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AppstateShareLink"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    post_saveReport_removeSaveReport: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["AppstateReportRemoveIn"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteDone"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    post_saveReport_removeScheduledReport: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["AppstateScheduleRemoveIn"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AppstateReportOut"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    post_saveReport_saveRemovedShareAs: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["AppstateShareSaveAsIn"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AppstateNewReportOut"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    post_saveReport_updateSaveReport: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["AppstateReportUpdateIn"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AppstateReportOut"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    post_saveReport_updateScheduledReport: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["AppstateScheduleIn"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AppstateReportOut"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    get_scenarios: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AppstateScenariosOut"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    post_scenarios: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["AppstateNewScenarioIn"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AppstateScenarioOut"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    put_scenarios_associate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["AppstateAssociateIn"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteOK"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    put_scenarios_reorder: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["AppstateScenarioOrderIn"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteOK"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    get_scenarios_id: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AppstateScenarioOut"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    delete_scenarios_id: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteOK"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    patch_scenarios_id: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["AppstateScenarioIn"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AppstateScenarioOut"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    post_system_abortExport: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["GridReportNameRequest"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReportExportStatus"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    post_system_addRole: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["AccessNewRole"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StoreRole"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    post_system_deleteRole: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["AccessRoleDelete"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteOK"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    get_system_getAccessControl: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        [key: string]: {
                            [key: string]: string[] | null;
                        } | null;
                    } | null;
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    get_system_getPermissionColumnsDef: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccessPermissionColumns"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    get_system_getPermissionData: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccessPermissionRows"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    post_system_renameRole: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["AccessRoleRename"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteOK"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    post_system_sendShareLinkByMail: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["AppstateShareMailIn"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteDone"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    post_system_updatePermission: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["AccessPermissionChange"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteOK"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    get_tabular_downloadScheduledCsv: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": unknown;
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    post_tabular_exportDataToCsv: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["GridExportRequest"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GridExportStarted"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    post_tabular_exportDataToCsvRealTime: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["GridRealTimeRequest"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GridExportStarted"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    post_tabular_getColumnDefRealTime: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["GridRealTimeRequest"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GridColumns"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    post_tabular_getColumnsDef: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["GridColumnsRequest"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GridColumns"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    post_tabular_getConditionsData: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["GridConditionRequest"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReportBlock"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    post_tabular_getConditionsDataForRealTime: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["GridRealTimeRequest"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReportBlock"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    post_tabular_getCountOfRow: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["GridConditionRequest"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GridCount"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    get_tabular_getCsvFile: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": unknown;
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    post_tabular_getExportStatus: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["GridReportNameRequest"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReportExportStatus"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    post_tabular_getGraphDataForSaveReport: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["GridGraphRequest"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GridGraph"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    get_tabular_getMyExports: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReportExportList"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    post_tabular_getProductDetailsById: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["GridProductRequest"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GridProductDetails"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    post_tabular_getRealTimeTabularCount: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["GridRealTimeRequest"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GridCount"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    post_tabular_getTooltipData: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["GridProductRequest"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReportTooltip"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    post_tabular_initialExportProcess: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["GridReportNameRequest"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReportExportStatus"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    get_tabular_pricing: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReportScanSummary"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    post_tabular_searchInReport: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["GridSearchRequest"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReportSearchResult"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    get_token: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccessTokenOut"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    get_token_embed: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WidgetsEmbed"][] | null;
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    post_tooltip_getCompetitorData: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["GridProductRequest"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReportCompetitorTooltip"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    get_tooltip_getImg: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/*": unknown;
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    post_trend_exportDataInClientSide: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["TrendExportRequest"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TrendExportTable"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    post_trend_getColumnsDef: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["TrendColumnsRequest"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GridColumns"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    post_trend_getConditionsData: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["TrendDataRequest"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TrendRows"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    post_trend_getCountOfRow: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["TrendDataRequest"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TrendCount"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    post_trend_getLowerCfData: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["TrendLowerCfRequest"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TrendRows"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    get_trend_getLowerCfList: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TrendCustomFieldList"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    get_upload_getUploadExample: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": unknown;
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    get_upload_getUploadFile: {
        parameters: {
            query?: {
                id?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StoreUploadFile"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    get_upload_getUploadFiles: {
        parameters: {
            query?: {
                kind?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UploadFilesOut"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    get_upload_getUploadKinds: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UploadKindsOut"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    get_upload_getUploadReport: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": unknown;
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    get_upload_mandatedFSNsExample: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": unknown;
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    post_upload_upload: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IngestSummary"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    post_upload_uploadApprovalCsv: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UploadApprovalCSVAnswer"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    post_upload_uploadCILabel: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StoreUploadFile"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    post_upload_uploadContractFile: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StoreUploadFile"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    post_upload_uploadEventPlanning: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StoreUploadFile"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    post_upload_uploadLabelFSNFile: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StoreUploadFile"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    post_upload_uploadMandatedFSNs: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MandatedFSNResult"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    post_upload_uploadManualContract: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StoreUploadFile"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    post_upload_uploadResetBAUFile: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StoreUploadFile"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    post_users_addInternalUser: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["AccessNewMember"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteMessage"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    post_users_blockUser: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["AccessUserRef"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteDone"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    post_users_deleteUser: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["AccessUserRef"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteDone"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    post_users_generatePassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["AccessUserRef"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccessGeneratedPassword"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    get_users_getAllAccountUsers: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccessMembers"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    get_users_getUserPermissions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        [key: string]: {
                            [key: string]: string[] | null;
                        } | null;
                    } | null;
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    post_users_saveNewEmail: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["AccessNewEmail"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccessEmailSaved"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    post_users_updateUser: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["AccessMemberChange"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteOK"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    get_v1_insights_pricing: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReportPricingInsights"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    get_v1_site_reprice_matrix_profiles: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PricerMatrixProfiles"];
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
    get_widgets_file: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                file: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/javascript": unknown;
                };
            };
            /** @description An error a person can act on (4xx) or an outage (503) */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteErrorBody"];
                };
            };
        };
    };
}
