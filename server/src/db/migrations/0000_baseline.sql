-- The schema as migrations 0000-0032 left it, as one file for new databases: tables,
-- sequences, constraints and indexes only. The functions and triggers are in ../derived/,
-- applied after the migrations. Its journal entry carries 0032's timestamp, so a database
-- already at 0032 or later skips it (server/src/db/baseline.test.ts checks both paths end
-- identical).

CREATE TABLE public.activity_events (
    id integer NOT NULL,
    group_id integer NOT NULL,
    prediction_id integer,
    event_type text NOT NULL,
    event_data jsonb NOT NULL,
    actor_id integer,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);

CREATE SEQUENCE public.activity_events_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE public.activity_events_id_seq OWNED BY public.activity_events.id;

CREATE TABLE public.group_event_heads (
    group_id integer NOT NULL,
    last_id bigint NOT NULL
);

CREATE TABLE public.group_events (
    group_id integer NOT NULL,
    id bigint,
    type text NOT NULL,
    payload jsonb NOT NULL,
    audience integer[],
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    seq bigint NOT NULL
);

ALTER TABLE public.group_events ALTER COLUMN seq ADD GENERATED ALWAYS AS IDENTITY (
    SEQUENCE NAME public.group_events_seq_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1
);

CREATE TABLE public.group_members (
    group_id integer NOT NULL,
    user_id integer NOT NULL,
    joined_at timestamp with time zone DEFAULT now() NOT NULL,
    is_paid boolean DEFAULT false NOT NULL,
    social_username text,
    is_contestant boolean DEFAULT true NOT NULL
);

CREATE TABLE public.group_tallies (
    group_id integer NOT NULL,
    contestants integer DEFAULT 0 NOT NULL,
    valid_props integer DEFAULT 0 NOT NULL,
    decided_props integer DEFAULT 0 NOT NULL
);

CREATE TABLE public.groups (
    id integer NOT NULL,
    name text NOT NULL,
    code text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    expires_at timestamp with time zone,
    leader_id integer NOT NULL,
    is_locked boolean DEFAULT false NOT NULL,
    is_official boolean DEFAULT false NOT NULL,
    lock_type text DEFAULT 'game'::text NOT NULL,
    lock_value timestamp with time zone,
    allow_member_props boolean DEFAULT false NOT NULL,
    invite_permission text DEFAULT 'leader'::text NOT NULL,
    active_sports text[] NOT NULL,
    list_type text DEFAULT 'prebuilt'::text NOT NULL,
    track_payment_status boolean DEFAULT false NOT NULL,
    CONSTRAINT groups_invite_permission_check CHECK ((invite_permission = ANY (ARRAY['leader'::text, 'all'::text]))),
    CONSTRAINT groups_list_type_check CHECK ((list_type = ANY (ARRAY['prebuilt'::text, 'private'::text]))),
    CONSTRAINT groups_lock_type_check CHECK ((lock_type = ANY (ARRAY['game'::text, 'time'::text, 'leader'::text]))),
    CONSTRAINT groups_time_lock_value_check CHECK (((lock_type <> 'time'::text) OR (lock_value IS NOT NULL)))
);

CREATE SEQUENCE public.groups_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE public.groups_id_seq OWNED BY public.groups.id;

CREATE TABLE public.master_props (
    id integer NOT NULL,
    sport text NOT NULL,
    source_key text,
    title text NOT NULL,
    description text NOT NULL,
    options jsonb NOT NULL,
    game_date timestamp with time zone,
    result text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL
);

CREATE SEQUENCE public.master_props_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE public.master_props_id_seq OWNED BY public.master_props.id;

CREATE TABLE public.master_props_version (
    id integer NOT NULL,
    version bigint NOT NULL
);

CREATE TABLE public.notification_settings (
    user_id integer NOT NULL,
    reminders boolean DEFAULT true NOT NULL,
    lead_minutes integer[] DEFAULT '{60}'::integer[] NOT NULL,
    recaps boolean DEFAULT true NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL
);

CREATE TABLE public.pick_resets (
    group_id integer NOT NULL,
    user_id integer NOT NULL,
    prop_id integer NOT NULL,
    previous_option text NOT NULL,
    reset_at timestamp with time zone DEFAULT now() NOT NULL
);

CREATE TABLE public.picks (
    id integer NOT NULL,
    user_id integer NOT NULL,
    prop_id integer NOT NULL,
    group_id integer NOT NULL,
    selected_option text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL
);

CREATE SEQUENCE public.picks_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE public.picks_id_seq OWNED BY public.picks.id;

CREATE TABLE public.prop_lock_announcements (
    prop_id integer NOT NULL,
    lock_at timestamp with time zone NOT NULL
);

CREATE TABLE public.prop_pick_counts (
    prop_id integer NOT NULL,
    option text NOT NULL,
    group_id integer NOT NULL,
    count integer NOT NULL
);

CREATE TABLE public.props (
    id integer NOT NULL,
    group_id integer NOT NULL,
    sport text NOT NULL,
    category text DEFAULT 'other'::text NOT NULL,
    title text NOT NULL,
    description text NOT NULL,
    options jsonb NOT NULL,
    game_date timestamp with time zone,
    result text,
    is_active boolean DEFAULT true NOT NULL,
    is_imported boolean DEFAULT false NOT NULL,
    master_prop_id integer,
    created_by integer,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    result_set_at timestamp with time zone,
    CONSTRAINT props_description_length CHECK ((char_length(description) <= 150))
);

CREATE SEQUENCE public.props_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE public.props_id_seq OWNED BY public.props.id;

CREATE TABLE public.push_deliveries (
    notification_id integer NOT NULL,
    subscription_id integer NOT NULL,
    delivered_at timestamp with time zone DEFAULT now() NOT NULL
);

CREATE TABLE public.push_notifications (
    id integer NOT NULL,
    user_id integer NOT NULL,
    kind text NOT NULL,
    dedupe_key text NOT NULL,
    payload jsonb NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);

CREATE SEQUENCE public.push_notifications_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE public.push_notifications_id_seq OWNED BY public.push_notifications.id;

CREATE TABLE public.push_recap_items (
    user_id integer NOT NULL,
    prop_id integer NOT NULL,
    result text NOT NULL,
    notification_id integer
);

CREATE TABLE public.push_subscriptions (
    id integer NOT NULL,
    user_id integer NOT NULL,
    endpoint text NOT NULL,
    p256dh text NOT NULL,
    auth text NOT NULL,
    user_agent text,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    last_sent_at timestamp with time zone
);

CREATE SEQUENCE public.push_subscriptions_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE public.push_subscriptions_id_seq OWNED BY public.push_subscriptions.id;

CREATE TABLE public.push_vapid_keys (
    id integer NOT NULL,
    public_key text NOT NULL,
    private_key text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    CONSTRAINT push_vapid_keys_single_row CHECK ((id = 1))
);

CREATE TABLE public.rate_limits (
    key text NOT NULL,
    count integer NOT NULL,
    reset_at timestamp with time zone NOT NULL
);

CREATE TABLE public.sessions (
    token_hash text NOT NULL,
    user_id integer NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    last_seen_at timestamp with time zone DEFAULT now() NOT NULL,
    expires_at timestamp with time zone NOT NULL
);

CREATE TABLE public.standing_exemptions (
    group_id integer NOT NULL,
    user_id integer NOT NULL,
    prop_id integer NOT NULL
);

CREATE TABLE public.standings (
    group_id integer NOT NULL,
    user_id integer NOT NULL,
    wins integer DEFAULT 0 NOT NULL,
    losses integer DEFAULT 0 NOT NULL,
    pending integer DEFAULT 0 NOT NULL,
    picks_made integer DEFAULT 0 NOT NULL,
    win_rate double precision GENERATED ALWAYS AS (
CASE
    WHEN ((wins + losses) = 0) THEN (0)::double precision
    ELSE ((wins)::double precision / ((wins + losses))::double precision)
END) STORED NOT NULL,
    display_name text NOT NULL,
    ranked boolean DEFAULT false NOT NULL,
    board_wins integer GENERATED ALWAYS AS (
CASE
    WHEN ranked THEN wins
    ELSE NULL::integer
END) STORED,
    board_win_rate double precision GENERATED ALWAYS AS (
CASE
    WHEN ranked THEN
    CASE
        WHEN ((wins + losses) = 0) THEN (0)::double precision
        ELSE ((wins)::double precision / ((wins + losses))::double precision)
    END
    ELSE NULL::double precision
END) STORED
)
WITH (fillfactor='80');

CREATE TABLE public.users (
    id integer NOT NULL,
    username text NOT NULL,
    display_name text NOT NULL,
    password_hash text NOT NULL,
    is_admin boolean DEFAULT false NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);

CREATE SEQUENCE public.users_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE public.users_id_seq OWNED BY public.users.id;

ALTER TABLE ONLY public.activity_events ALTER COLUMN id SET DEFAULT nextval('public.activity_events_id_seq'::regclass);

ALTER TABLE ONLY public.groups ALTER COLUMN id SET DEFAULT nextval('public.groups_id_seq'::regclass);

ALTER TABLE ONLY public.master_props ALTER COLUMN id SET DEFAULT nextval('public.master_props_id_seq'::regclass);

ALTER TABLE ONLY public.picks ALTER COLUMN id SET DEFAULT nextval('public.picks_id_seq'::regclass);

ALTER TABLE ONLY public.props ALTER COLUMN id SET DEFAULT nextval('public.props_id_seq'::regclass);

ALTER TABLE ONLY public.push_notifications ALTER COLUMN id SET DEFAULT nextval('public.push_notifications_id_seq'::regclass);

ALTER TABLE ONLY public.push_subscriptions ALTER COLUMN id SET DEFAULT nextval('public.push_subscriptions_id_seq'::regclass);

ALTER TABLE ONLY public.users ALTER COLUMN id SET DEFAULT nextval('public.users_id_seq'::regclass);

ALTER TABLE ONLY public.activity_events
    ADD CONSTRAINT activity_events_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.group_event_heads
    ADD CONSTRAINT group_event_heads_pkey PRIMARY KEY (group_id);

ALTER TABLE ONLY public.group_events
    ADD CONSTRAINT group_events_pkey PRIMARY KEY (seq);

ALTER TABLE ONLY public.group_members
    ADD CONSTRAINT group_members_group_id_user_id_pk PRIMARY KEY (group_id, user_id);

ALTER TABLE ONLY public.group_tallies
    ADD CONSTRAINT group_tallies_pkey PRIMARY KEY (group_id);

ALTER TABLE ONLY public.groups
    ADD CONSTRAINT groups_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.master_props
    ADD CONSTRAINT master_props_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.master_props_version
    ADD CONSTRAINT master_props_version_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.notification_settings
    ADD CONSTRAINT notification_settings_pkey PRIMARY KEY (user_id);

ALTER TABLE ONLY public.pick_resets
    ADD CONSTRAINT pick_resets_user_id_prop_id_pk PRIMARY KEY (user_id, prop_id);

ALTER TABLE ONLY public.picks
    ADD CONSTRAINT picks_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.prop_lock_announcements
    ADD CONSTRAINT prop_lock_announcements_pkey PRIMARY KEY (prop_id);

ALTER TABLE ONLY public.prop_pick_counts
    ADD CONSTRAINT prop_pick_counts_prop_id_option_pk PRIMARY KEY (prop_id, option);

ALTER TABLE ONLY public.props
    ADD CONSTRAINT props_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.push_deliveries
    ADD CONSTRAINT push_deliveries_notification_id_subscription_id_pk PRIMARY KEY (notification_id, subscription_id);

ALTER TABLE ONLY public.push_notifications
    ADD CONSTRAINT push_notifications_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.push_recap_items
    ADD CONSTRAINT push_recap_items_user_id_prop_id_result_pk PRIMARY KEY (user_id, prop_id, result);

ALTER TABLE ONLY public.push_subscriptions
    ADD CONSTRAINT push_subscriptions_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.push_vapid_keys
    ADD CONSTRAINT push_vapid_keys_pkey PRIMARY KEY (id);

ALTER TABLE ONLY public.rate_limits
    ADD CONSTRAINT rate_limits_pkey PRIMARY KEY (key);

ALTER TABLE ONLY public.sessions
    ADD CONSTRAINT sessions_pkey PRIMARY KEY (token_hash);

ALTER TABLE ONLY public.standing_exemptions
    ADD CONSTRAINT standing_exemptions_group_id_user_id_prop_id_pk PRIMARY KEY (group_id, user_id, prop_id);

ALTER TABLE ONLY public.standings
    ADD CONSTRAINT standings_group_id_user_id_pk PRIMARY KEY (group_id, user_id);

ALTER TABLE ONLY public.users
    ADD CONSTRAINT users_pkey PRIMARY KEY (id);

CREATE INDEX activity_events_actor_id_idx ON public.activity_events USING btree (actor_id);

CREATE INDEX activity_events_group_created_id_idx ON public.activity_events USING btree (group_id, created_at, id);

CREATE INDEX activity_events_payment_idx ON public.activity_events USING btree (group_id) WHERE (event_type = 'payment_status_update'::text);

CREATE UNIQUE INDEX group_events_group_id_id_unique ON public.group_events USING btree (group_id, id) WHERE (id IS NOT NULL);

CREATE INDEX group_events_unnumbered_idx ON public.group_events USING btree (group_id, seq) WHERE (id IS NULL);

CREATE INDEX group_members_user_id_idx ON public.group_members USING btree (user_id);

CREATE UNIQUE INDEX groups_code_unique ON public.groups USING btree (code);

CREATE INDEX groups_leader_id_idx ON public.groups USING btree (leader_id);

CREATE INDEX groups_official_idx ON public.groups USING btree (is_official) WHERE is_official;

CREATE INDEX groups_time_lock_value_idx ON public.groups USING btree (lock_value) WHERE (lock_type = 'time'::text);

CREATE INDEX master_props_sport_game_date_idx ON public.master_props USING btree (sport, game_date);

CREATE UNIQUE INDEX master_props_sport_key_unique ON public.master_props USING btree (sport, source_key);

CREATE INDEX pick_resets_prop_id_idx ON public.pick_resets USING btree (prop_id);

CREATE INDEX picks_group_user_idx ON public.picks USING btree (group_id, user_id);

CREATE INDEX picks_prop_id_idx ON public.picks USING btree (prop_id);

CREATE UNIQUE INDEX picks_user_prop_unique ON public.picks USING btree (user_id, prop_id);

CREATE INDEX prop_pick_counts_group_id_idx ON public.prop_pick_counts USING btree (group_id);

CREATE INDEX props_created_by_idx ON public.props USING btree (created_by);

CREATE INDEX props_group_id_idx ON public.props USING btree (group_id, game_date);

CREATE UNIQUE INDEX props_group_master_unique ON public.props USING btree (group_id, master_prop_id);

CREATE INDEX props_master_prop_id_idx ON public.props USING btree (master_prop_id);

CREATE INDEX props_open_game_date_idx ON public.props USING btree (game_date) WHERE (result IS NULL);

CREATE INDEX props_result_set_at_idx ON public.props USING btree (result_set_at) WHERE (result_set_at IS NOT NULL);

CREATE INDEX push_notifications_created_at_idx ON public.push_notifications USING btree (created_at);

CREATE UNIQUE INDEX push_notifications_dedupe_unique ON public.push_notifications USING btree (dedupe_key);

CREATE INDEX push_notifications_user_id_idx ON public.push_notifications USING btree (user_id);

CREATE UNIQUE INDEX push_subscriptions_endpoint_unique ON public.push_subscriptions USING btree (endpoint);

CREATE INDEX push_subscriptions_user_id_idx ON public.push_subscriptions USING btree (user_id);

CREATE INDEX sessions_expires_at_idx ON public.sessions USING btree (expires_at);

CREATE INDEX sessions_user_id_idx ON public.sessions USING btree (user_id);

CREATE INDEX standing_exemptions_prop_id_idx ON public.standing_exemptions USING btree (prop_id);

CREATE INDEX standings_board_idx ON public.standings USING btree (group_id, board_wins DESC, board_win_rate DESC, lower(display_name), user_id) WHERE ranked;

CREATE INDEX standings_user_id_idx ON public.standings USING btree (user_id);

CREATE UNIQUE INDEX users_username_lower_unique ON public.users USING btree (lower(username));

ALTER TABLE ONLY public.activity_events
    ADD CONSTRAINT activity_events_actor_id_users_id_fk FOREIGN KEY (actor_id) REFERENCES public.users(id) ON DELETE SET NULL;

ALTER TABLE ONLY public.activity_events
    ADD CONSTRAINT activity_events_group_id_groups_id_fk FOREIGN KEY (group_id) REFERENCES public.groups(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.group_members
    ADD CONSTRAINT group_members_group_id_groups_id_fk FOREIGN KEY (group_id) REFERENCES public.groups(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.group_members
    ADD CONSTRAINT group_members_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.group_tallies
    ADD CONSTRAINT group_tallies_group_id_groups_id_fk FOREIGN KEY (group_id) REFERENCES public.groups(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.groups
    ADD CONSTRAINT groups_leader_id_users_id_fk FOREIGN KEY (leader_id) REFERENCES public.users(id);

ALTER TABLE ONLY public.notification_settings
    ADD CONSTRAINT notification_settings_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.pick_resets
    ADD CONSTRAINT pick_resets_member_fk FOREIGN KEY (group_id, user_id) REFERENCES public.group_members(group_id, user_id) ON DELETE CASCADE;

ALTER TABLE ONLY public.pick_resets
    ADD CONSTRAINT pick_resets_prop_id_props_id_fk FOREIGN KEY (prop_id) REFERENCES public.props(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.picks
    ADD CONSTRAINT picks_group_id_groups_id_fk FOREIGN KEY (group_id) REFERENCES public.groups(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.picks
    ADD CONSTRAINT picks_prop_id_props_id_fk FOREIGN KEY (prop_id) REFERENCES public.props(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.picks
    ADD CONSTRAINT picks_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.prop_pick_counts
    ADD CONSTRAINT prop_pick_counts_prop_id_props_id_fk FOREIGN KEY (prop_id) REFERENCES public.props(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.props
    ADD CONSTRAINT props_created_by_users_id_fk FOREIGN KEY (created_by) REFERENCES public.users(id) ON DELETE SET NULL;

ALTER TABLE ONLY public.props
    ADD CONSTRAINT props_group_id_groups_id_fk FOREIGN KEY (group_id) REFERENCES public.groups(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.props
    ADD CONSTRAINT props_master_prop_id_master_props_id_fk FOREIGN KEY (master_prop_id) REFERENCES public.master_props(id) ON DELETE SET NULL;

ALTER TABLE ONLY public.push_deliveries
    ADD CONSTRAINT push_deliveries_notification_id_push_notifications_id_fk FOREIGN KEY (notification_id) REFERENCES public.push_notifications(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.push_deliveries
    ADD CONSTRAINT push_deliveries_subscription_id_push_subscriptions_id_fk FOREIGN KEY (subscription_id) REFERENCES public.push_subscriptions(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.push_notifications
    ADD CONSTRAINT push_notifications_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.push_recap_items
    ADD CONSTRAINT push_recap_items_notification_id_push_notifications_id_fk FOREIGN KEY (notification_id) REFERENCES public.push_notifications(id) ON DELETE SET NULL;

ALTER TABLE ONLY public.push_recap_items
    ADD CONSTRAINT push_recap_items_prop_id_props_id_fk FOREIGN KEY (prop_id) REFERENCES public.props(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.push_recap_items
    ADD CONSTRAINT push_recap_items_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.push_subscriptions
    ADD CONSTRAINT push_subscriptions_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.sessions
    ADD CONSTRAINT sessions_user_id_users_id_fk FOREIGN KEY (user_id) REFERENCES public.users(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.standing_exemptions
    ADD CONSTRAINT standing_exemptions_member_fk FOREIGN KEY (group_id, user_id) REFERENCES public.group_members(group_id, user_id) ON DELETE CASCADE;

ALTER TABLE ONLY public.standing_exemptions
    ADD CONSTRAINT standing_exemptions_prop_id_props_id_fk FOREIGN KEY (prop_id) REFERENCES public.props(id) ON DELETE CASCADE;

ALTER TABLE ONLY public.standings
    ADD CONSTRAINT standings_member_fk FOREIGN KEY (group_id, user_id) REFERENCES public.group_members(group_id, user_id) ON DELETE CASCADE;


INSERT INTO public.master_props_version (id, version) VALUES (1, 0);
