import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { api, type Mode, type Tenant } from '../api/client.ts';
import type { DataOf, Schemas } from '../api/wire.ts';
import { EditorConflict, shown } from '../components/Conflict.tsx';
import { ErrorPanel, Loading } from '../components/ErrorPanel.tsx';
import { Field, FormRefusal, type ShownFields, TextField } from '../components/Field.tsx';
import { NotAllowed, Permission, Section } from '../components/Section.tsx';
import { editorFieldErrors, orNull, useFormEditor } from '../editor.ts';
import { formatTimestamp } from '../format.ts';
import { tenantOf, useTenant, useTenantSearch } from '../tenant.tsx';

type BusinessProfile = Schemas['BusinessProfile'];
type Country = Schemas['Country'];
type CountryState = Schemas['State'];
type NotificationTopics = Schemas['StoreSettings']['notifications'];
type Profile = Schemas['Profile'];
type StoreSettings = Schemas['StoreSettings'];
type User = DataOf<'/v1/merchants/profile'>;

const READ = 'settings:read';
const WRITE = 'settings:write';

const businessKey = (t: Tenant) => ['tenant', t.storeId, t.mode, 'business-profile'] as const;
const settingsKey = (t: Tenant) => ['tenant', t.storeId, t.mode, 'settings'] as const;

/**
 * Settings (its own chunk): the signed-in merchant's own profile and the store's business profile (any member sees
 * them), and the store settings of the active mode (settings:read); settings:write changes the store's. Each is an editor that saves with
 * `If-Match` and shows what someone else changed when the service answers 412.
 */
export default function Settings() {
  const state = useTenant();
  const tenant = tenantOf(state);
  if (!tenant || !state.store) return null;
  const own = state.permissions;
  const canRead = own?.has(READ) ?? false;
  const canWrite = own?.has(WRITE) ?? false;
  return (
    <>
      <title>{`Settings · ${state.store.name} · Dashboard`}</title>
      <h1>Settings</h1>
      <ProfileEditor />
      {own === null ? (
        <Loading what="your permissions" />
      ) : (
        <>
          {canWrite ? null : (
            <p className="notice">
              Your role in this store lacks the <Permission code={WRITE} />, so you can see its business profile{canRead ? ' and settings' : ''} but not change them.
            </p>
          )}
          {/* Every member may read the business profile (GET needs no permission); the store settings need settings:read. */}
          <BusinessEditor key={`business ${tenant.storeId} ${tenant.mode}`} tenant={tenant} canWrite={canWrite} />
          {canRead ? (
            <SettingsEditor key={`settings ${tenant.storeId} ${tenant.mode}`} tenant={tenant} canWrite={canWrite} timeZone={state.store.timezone} />
          ) : (
            <Section title={`Store settings in ${tenant.mode} mode`}>
              <NotAllowed permission={READ} />
            </Section>
          )}
        </>
      )}
    </>
  );
}

/** The save button, the saved notice and the error of one editor. */
interface Choice {
  value: string;
  label: string;
}

/**
 * The ISO 4217 currencies this browser knows (`Intl.supportedValuesOf`), each by code and name ("EUR · Euro"); the
 * API judges the one chosen.
 */
const CURRENCIES: Choice[] = (() => {
  const names = new Intl.DisplayNames(['en'], { type: 'currency' });
  return Intl.supportedValuesOf('currency').map((code) => ({ value: code, label: `${code} · ${names.of(code) ?? code}` }));
})();

/** The IANA time zones this browser knows, by name with "/" and "_" read as words ("Europe / Berlin"), UTC first. */
const TIME_ZONES: Choice[] = (() => {
  const zones = Intl.supportedValuesOf('timeZone');
  const list = zones.includes('UTC') ? zones : ['UTC', ...zones];
  return list.map((zone) => ({ value: zone, label: zone.replaceAll('_', ' ').replaceAll('/', ' / ') }));
})();

/** The choices with the current value first when the list lacks it (a code this browser does not know), so it shows as it is. */
function withCurrent(choices: Choice[], current: string): Choice[] {
  return current === '' || choices.some((c) => c.value === current) ? choices : [{ value: current, label: current }, ...choices];
}

/** The store settings' paths shown at a field: the field's own, each origin, each notification. */
const SETTINGS_SHOWN = (path: string) =>
  ['orderNumberPrefix', 'nextOrderNumber', 'notificationEmail', 'lowStockThreshold', 'allowedOrigins', 'notifications'].includes(path) || /^(allowedOrigins\[\d+\]|notifications\..+)$/.test(path);

function SaveBar({ label, saving, saved, error, errorTitle, shown }: { label: string; saving: boolean; saved: boolean; error: unknown; errorTitle: string; shown: ShownFields }) {
  return (
    <>
      <div className="actions">
        <button type="submit" className="button button-primary" disabled={saving}>
          {saving ? 'Saving…' : label}
        </button>
      </div>
      <p role="status" className="muted">
        {saved ? 'Saved.' : ''}
      </p>
      <FormRefusal error={error} shown={shown} title={errorTitle} />
    </>
  );
}

/** The fields of a form, disabled as a whole when the member may not change them. */
function Fields({ disabled, legend, children }: { disabled: boolean; legend: string; children: ReactNode }) {
  return (
    <fieldset className="editor-fields" disabled={disabled}>
      <legend className="visually-hidden">{legend}</legend>
      {children}
    </fieldset>
  );
}

// ---- your profile ---------------------------------------------------------------------------------------------

interface ProfileForm {
  name: string;
  email: string;
  phone: string;
  currentPassword: string;
}

const profileForm = (p: Profile): ProfileForm => ({ name: p.name, email: p.email, phone: p.phone ?? '', currentPassword: '' });

/** Whether the form asks for another email than the account's (a new email needs the current password and a link). */
const changesEmail = (f: ProfileForm, p: Profile) => f.email.trim().toLowerCase() !== p.email.toLowerCase();

function profilePatch(f: ProfileForm, p: Profile) {
  const patch: Partial<Record<keyof Profile | 'currentPassword', unknown>> = {};
  if (f.name !== p.name) patch.name = f.name;
  if (f.email !== p.email) patch.email = f.email.trim();
  if (orNull(f.phone) !== p.phone) patch.phone = orNull(f.phone);
  if (changesEmail(f, p) && f.currentPassword !== '') patch.currentPassword = f.currentPassword;
  return patch;
}

function ProfileEditor() {
  const queryClient = useQueryClient();
  const editor = useFormEditor<Profile, ProfileForm>({
    queryKey: ['user', 'profile', 'editor'],
    path: '/v1/merchants/profile',
    toForm: profileForm,
    patchOf: profilePatch,
    labels: { name: 'Name', email: 'Email', phone: 'Phone' },
    // The header shows the signed-in email.
    onSaved: (p) => queryClient.setQueryData<User>(['user', 'profile'], p),
  });
  const errors = editorFieldErrors(editor.error);
  const f = editor.form;
  const base = editor.base?.value;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void editor.save();
  };
  return (
    <Section title="Your profile">
      <p className="muted">How you appear to the other members of your stores, and the email you sign in with. It is the same in every store.</p>
      {editor.query.isError && !f ? (
        <ErrorPanel error={editor.query.error} title="Your profile could not be loaded." onRetry={() => editor.query.refetch()} />
      ) : !f ? (
        <Loading what="your profile" />
      ) : (
        <form onSubmit={submit} noValidate className="account-form" data-testid="profile-form">
          <Fields disabled={false} legend="Your profile">
            <TextField label="Name" error={errors.get('name')} type="text" name="name" autoComplete="name" maxLength={200} value={f.name} onChange={(v) => editor.edit((x) => ({ ...x, name: v }))} />
            <TextField label="Email" error={errors.get('email')} hint="You sign in with it. A new email changes only once you open the link we send to it; your old address is told." type="email" name="email" autoComplete="email" maxLength={320} value={f.email} onChange={(v) => editor.edit((x) => ({ ...x, email: v }))} />
            {base && changesEmail(f, base) ? (
              <Field label="Current password" error={errors.get('currentPassword')} hint="Needed to change your email, unless you signed in within the last 5 minutes.">
                {(p) => (
                  <input {...p} type="password" name="currentPassword" autoComplete="current-password" maxLength={256} value={f.currentPassword} onChange={(e) => editor.edit((x) => ({ ...x, currentPassword: e.target.value }))} />
                )}
              </Field>
            ) : null}
            {base?.pendingEmail ? (
              <p className="muted" role="status" data-testid="pending-email">
                Waiting for you to open the link we emailed to {base.pendingEmail} (it works for 24 hours). Your email changes then; until then you sign in with {base.email}.
              </p>
            ) : null}
            <TextField label="Phone" error={errors.get('phone')} hint="Optional, such as +1 555 0100." type="tel" name="phone" autoComplete="tel" maxLength={40} value={f.phone} onChange={(v) => editor.edit((x) => ({ ...x, phone: v }))} />
          </Fields>
          {editor.conflict ? <EditorConflict what="your profile" conflict={editor.conflict} busy={editor.saving} onReload={editor.loadTheirs} onOverwrite={editor.saveMineOverTheirs} /> : null}
          <SaveBar label="Save your profile" saving={editor.saving} saved={editor.saved} error={editor.error} errorTitle="Your profile could not be saved." shown={['name', 'email', 'phone']} />
        </form>
      )}
    </Section>
  );
}

// ---- business profile -----------------------------------------------------------------------------------------

interface BusinessForm {
  name: string;
  legalName: string;
  contactEmail: string;
  contactPhone: string;
  line1: string;
  line2: string;
  city: string;
  postalCode: string;
  countryId: string;
  stateId: string;
  currency: string;
  timezone: string;
}

const ADDRESS_FIELDS = ['line1', 'line2', 'city', 'postalCode', 'countryId', 'stateId'] as const;

const businessForm = (b: BusinessProfile): BusinessForm => ({
  name: b.name,
  legalName: b.legalName ?? '',
  contactEmail: b.contactEmail ?? '',
  contactPhone: b.contactPhone ?? '',
  line1: b.address.line1 ?? '',
  line2: b.address.line2 ?? '',
  city: b.address.city ?? '',
  postalCode: b.address.postalCode ?? '',
  countryId: b.address.countryId ?? '',
  stateId: b.address.stateId ?? '',
  currency: b.currency,
  timezone: b.timezone,
});

function businessPatch(f: BusinessForm, b: BusinessProfile) {
  const patch: Partial<Record<keyof BusinessProfile, unknown>> = {};
  if (f.name !== b.name) patch.name = f.name;
  for (const key of ['legalName', 'contactEmail', 'contactPhone'] as const) if (orNull(f[key]) !== b[key]) patch[key] = orNull(f[key]);
  const address: Record<string, string | null> = {};
  for (const key of ADDRESS_FIELDS) if (orNull(f[key]) !== b.address[key]) address[key] = orNull(f[key]);
  // Another country: the state goes with it (the API checks the state against the country).
  if ('countryId' in address) address.stateId = orNull(f.stateId);
  if (Object.keys(address).length > 0) patch.address = address;
  if (f.currency.trim().toUpperCase() !== b.currency) patch.currency = f.currency.trim().toUpperCase();
  if (f.timezone.trim() !== b.timezone) patch.timezone = f.timezone.trim();
  return patch;
}

function BusinessEditor({ tenant, canWrite }: { tenant: Tenant; canWrite: boolean }) {
  const queryClient = useQueryClient();
  const editor = useFormEditor<BusinessProfile, BusinessForm>({
    queryKey: businessKey(tenant),
    path: '/v1/merchants/profile/business',
    tenant,
    toForm: businessForm,
    patchOf: businessPatch,
    labels: {
      name: 'Store name',
      legalName: 'Legal name',
      contactEmail: 'Contact email',
      contactPhone: 'Contact phone',
      address: 'Address',
      currency: 'Currency',
      timezone: 'Time zone',
    },
    onSaved: () => {
      // The store's name, currency and time zone show in the header and format every amount and date; the store
      // settings of both modes repeat the currency and time zone.
      void queryClient.invalidateQueries({ queryKey: ['user', 'stores'] });
      for (const mode of ['live', 'test'] as const) {
        void queryClient.invalidateQueries({ queryKey: settingsKey({ storeId: tenant.storeId, mode }) });
        void queryClient.invalidateQueries({ queryKey: ['tenant', tenant.storeId, mode, 'audit-log'] });
      }
    },
  });
  const countries = useQuery({
    queryKey: ['reference', 'countries'],
    queryFn: ({ signal }) => api<Country[]>('/v1/countries', { signal }).then((r) => r.data),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const f = editor.form;
  const countryId = f?.countryId ?? '';
  const states = useQuery({
    queryKey: ['reference', 'states', countryId],
    enabled: countryId !== '',
    queryFn: ({ signal }) => api<CountryState[]>(`/v1/states/${encodeURIComponent(countryId)}`, { signal }).then((r) => r.data),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const errors = editorFieldErrors(editor.error);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (canWrite) void editor.save();
  };
  const set = (key: keyof BusinessForm) => (e: { target: { value: string } }) => editor.edit((x) => ({ ...x, [key]: e.target.value }));
  const text = (key: keyof BusinessForm, label: string, props: { autoComplete: string; maxLength: number; type?: string; hint?: string; path?: string }) => (
    <Field label={label} error={errors.get(props.path ?? key)} hint={props.hint}>
      {(p) => <input {...p} type={props.type ?? 'text'} name={key} autoComplete={props.autoComplete} maxLength={props.maxLength} value={f?.[key] ?? ''} onChange={set(key)} />}
    </Field>
  );
  const shownAtFields = (path: string) => ['name', 'legalName', 'contactEmail', 'contactPhone', 'currency', 'timezone'].includes(path) || /^address\.(line1|line2|city|postalCode|countryId|stateId)$/.test(path);
  return (
    <Section title="Business profile">
      <p className="muted">The store as customers and documents name it. Its currency and time zone apply to both live and test mode.</p>
      {editor.query.isError && !f ? (
        <ErrorPanel error={editor.query.error} title="The business profile could not be loaded." onRetry={() => editor.query.refetch()} />
      ) : !f || !editor.base ? (
        <Loading what="the business profile" />
      ) : (
        <form onSubmit={submit} noValidate className="account-form" data-testid="business-form">
          <Fields disabled={!canWrite} legend="Business profile">
            <div className="columns">
              <div>
                {text('name', 'Store name', { autoComplete: 'organization', maxLength: 200 })}
                {text('legalName', 'Legal name', { autoComplete: 'off', maxLength: 200, hint: 'Optional: the registered name, if it differs.' })}
                {text('contactEmail', 'Contact email', { autoComplete: 'email', maxLength: 320, type: 'email' })}
                {text('contactPhone', 'Contact phone', { autoComplete: 'tel', maxLength: 40, type: 'tel' })}
                <Field label="Currency" error={errors.get('currency')} hint="Of prices, fees and payment links. It cannot change once the store has prices, promotions or orders.">
                  {(p) => (
                    <select {...p} name="currency" value={f.currency} onChange={set('currency')}>
                      {withCurrent(CURRENCIES, f.currency).map((c) => (
                        <option key={c.value} value={c.value}>
                          {c.label}
                        </option>
                      ))}
                    </select>
                  )}
                </Field>
                <Field label="Time zone" error={errors.get('timezone')} hint="Days, reports and dates follow it. Type a city to jump to it.">
                  {(p) => (
                    <select {...p} name="timezone" value={f.timezone} onChange={set('timezone')}>
                      {withCurrent(TIME_ZONES, f.timezone).map((z) => (
                        <option key={z.value} value={z.value}>
                          {z.label}
                        </option>
                      ))}
                    </select>
                  )}
                </Field>
              </div>
              <div>
                {text('line1', 'Address line 1', { autoComplete: 'address-line1', maxLength: 200, path: 'address.line1' })}
                {text('line2', 'Address line 2', { autoComplete: 'address-line2', maxLength: 200, path: 'address.line2' })}
                {text('city', 'City', { autoComplete: 'address-level2', maxLength: 120, path: 'address.city' })}
                {text('postalCode', 'Postal code', { autoComplete: 'postal-code', maxLength: 20, path: 'address.postalCode' })}
                <Field label="Country" error={errors.get('address.countryId')}>
                  {(p) => (
                    <select {...p} name="countryId" autoComplete="country" value={f.countryId} onChange={(e) => editor.edit((x) => ({ ...x, countryId: e.target.value, stateId: '' }))}>
                      <option value="">None</option>
                      {f.countryId && !countries.data?.some((c) => c.id === f.countryId) ? <option value={f.countryId}>{f.countryId}</option> : null}
                      {(countries.data ?? []).map((c) => (
                        <option key={c.id} value={c.id}>
                          {c.name}
                        </option>
                      ))}
                    </select>
                  )}
                </Field>
                {countries.isError ? <ErrorPanel error={countries.error} title="The list of countries could not be loaded." onRetry={() => countries.refetch()} /> : null}
                {f.countryId && (states.data?.length ?? 0) > 0 ? (
                  <Field label="State or region" error={errors.get('address.stateId')}>
                    {(p) => (
                      <select {...p} name="stateId" autoComplete="address-level1" value={f.stateId} onChange={set('stateId')}>
                        <option value="">None</option>
                        {(states.data ?? []).map((s) => (
                          <option key={s.id} value={s.id}>
                            {s.name}
                          </option>
                        ))}
                      </select>
                    )}
                  </Field>
                ) : null}
              </div>
            </div>
          </Fields>
          <p className="muted">Last changed {formatTimestamp(editor.base.value.updatedAt, editor.base.value.timezone)}.</p>
          {editor.conflict ? <EditorConflict what="the business profile" conflict={editor.conflict} busy={editor.saving} onReload={editor.loadTheirs} onOverwrite={editor.saveMineOverTheirs} /> : null}
          {canWrite ? (
            <SaveBar label="Save the business profile" saving={editor.saving} saved={editor.saved} error={editor.error} errorTitle="The business profile could not be saved." shown={shownAtFields} />
          ) : null}
        </form>
      )}
    </Section>
  );
}

// ---- store settings -------------------------------------------------------------------------------------------

interface SettingsForm {
  orderNumberPrefix: string;
  nextOrderNumber: string;
  notificationEmail: string;
  notifications: NotificationTopics;
  allowedOrigins: string;
  lowStockThreshold: string;
}

/** The store notifications a member turns on or off per mode, in the API's order, in the merchant's words. */
const TOPICS: { name: keyof NotificationTopics; label: string }[] = [
  { name: 'orders', label: 'New orders' },
  { name: 'lowStock', label: 'Low stock' },
  { name: 'apps', label: 'Apps connected or removed' },
];

/** The notification topics as the conflict panel shows them ("New orders: on, Low stock: off"); a save's own are only those it changed. */
function topicsText(value: unknown): string {
  const topics = (value ?? {}) as Partial<NotificationTopics>;
  const parts = TOPICS.filter((t) => typeof topics[t.name] === 'boolean').map((t) => `${t.label}: ${topics[t.name] ? 'on' : 'off'}`);
  return parts.length > 0 ? parts.join(', ') : '(none)';
}

const showSetting = (field: keyof StoreSettings & string, value: unknown): string => (field === 'notifications' ? topicsText(value) : shown(value));

const settingsForm = (s: StoreSettings): SettingsForm => ({
  orderNumberPrefix: s.orderNumberPrefix,
  nextOrderNumber: String(s.nextOrderNumber),
  notificationEmail: s.notificationEmail ?? '',
  notifications: { ...s.notifications },
  allowedOrigins: s.allowedOrigins.join('\n'),
  lowStockThreshold: String(s.lowStockThreshold),
});

const originLines = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '');

/** A whole number as typed, or the text itself so that the API names what is wrong with it. */
function wholeNumber(text: string): number | string {
  const trimmed = text.trim();
  return /^-?\d+$/.test(trimmed) ? Number(trimmed) : trimmed;
}

function settingsPatch(f: SettingsForm, s: StoreSettings) {
  const patch: Partial<Record<keyof StoreSettings, unknown>> = {};
  if (f.orderNumberPrefix.trim() !== s.orderNumberPrefix) patch.orderNumberPrefix = f.orderNumberPrefix.trim();
  if (f.nextOrderNumber.trim() !== String(s.nextOrderNumber)) patch.nextOrderNumber = wholeNumber(f.nextOrderNumber);
  if (orNull(f.notificationEmail) !== s.notificationEmail) patch.notificationEmail = orNull(f.notificationEmail);
  // Only the topics changed: the API keeps the others as they are (someone else may have changed them meanwhile).
  const topics: Partial<NotificationTopics> = {};
  for (const { name } of TOPICS) if (f.notifications[name] !== s.notifications[name]) topics[name] = f.notifications[name];
  if (Object.keys(topics).length > 0) patch.notifications = topics;
  const origins = originLines(f.allowedOrigins);
  if (JSON.stringify(origins) !== JSON.stringify(s.allowedOrigins)) patch.allowedOrigins = origins;
  if (f.lowStockThreshold.trim() !== String(s.lowStockThreshold)) patch.lowStockThreshold = wholeNumber(f.lowStockThreshold);
  return patch;
}

function SettingsEditor({ tenant, canWrite, timeZone }: { tenant: Tenant; canWrite: boolean; timeZone: string }) {
  const queryClient = useQueryClient();
  const editor = useFormEditor<StoreSettings, SettingsForm>({
    queryKey: settingsKey(tenant),
    path: '/v1/settings',
    tenant,
    toForm: settingsForm,
    patchOf: settingsPatch,
    labels: {
      // Not `nextOrderNumber`: every order moves it, and a save sends it only when the merchant changed it (the API
      // refuses moving it back), so an order placed meanwhile must not stop a save (the 412 is sent again by itself).
      orderNumberPrefix: 'Order number prefix',
      notificationEmail: 'Notification email',
      notifications: 'Notifications',
      allowedOrigins: 'Allowed origins',
      lowStockThreshold: 'Low-stock threshold',
    },
    show: showSetting,
    onSaved: () => {
      // The low-stock threshold is store-wide (the overview's low-stock list and inventory figures use it).
      for (const mode of ['live', 'test'] as const) {
        if (mode !== tenant.mode) void queryClient.invalidateQueries({ queryKey: settingsKey({ storeId: tenant.storeId, mode }) });
        void queryClient.invalidateQueries({ queryKey: ['tenant', tenant.storeId, mode, 'audit-log'] });
      }
    },
  });
  const f = editor.form;
  const errors = editorFieldErrors(editor.error);
  // Origins are checked one by one: `allowedOrigins[2]` names the third origin sent (blank lines are not sent).
  const sentOrigins = f ? originLines(f.allowedOrigins) : [];
  const originErrors = [...errors.entries()]
    .filter(([path]) => path === 'allowedOrigins' || path.startsWith('allowedOrigins['))
    .map(([path, rule]) => {
      const i = /^allowedOrigins\[(\d+)\]$/.exec(path)?.[1];
      return i === undefined ? rule : `“${sentOrigins[Number(i)] ?? ''}” ${rule}`;
    });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (canWrite) void editor.save();
  };
  const s = editor.base?.value;
  return (
    <Section title={`Store settings in ${tenant.mode} mode`}>
      <p className="muted">
        Order numbers, notifications and the storefront origins are kept apart for live and test mode; the low-stock threshold is the same in both. The
        currency and time zone are in the business profile above.
      </p>
      {editor.query.isError && !f ? (
        <ErrorPanel error={editor.query.error} title="The store settings could not be loaded." onRetry={() => editor.query.refetch()} />
      ) : !f || !s ? (
        <Loading what="the store settings" />
      ) : (
        <form onSubmit={submit} noValidate className="account-form" data-testid="settings-form">
          <Fields disabled={!canWrite} legend={`Store settings in ${tenant.mode} mode`}>
            <div className="columns">
              <div>
                <Field
                  label="Order number prefix"
                  error={errors.get('orderNumberPrefix')}
                  hint={`Letters, digits and dashes, at most 12; may be empty. The next order will be ${f.orderNumberPrefix.trim()}${f.nextOrderNumber.trim() || s.nextOrderNumber}.`}
                >
                  {(p) => <input {...p} type="text" name="orderNumberPrefix" autoComplete="off" maxLength={12} value={f.orderNumberPrefix} onChange={(e) => editor.edit((x) => ({ ...x, orderNumberPrefix: e.target.value }))} />}
                </Field>
                <Field label="Next order number" error={errors.get('nextOrderNumber')} hint={`It may only move forward: numbers already given (up to ${s.nextOrderNumber - 1}) are never reused.`}>
                  {(p) => (
                    <input {...p} type="number" name="nextOrderNumber" inputMode="numeric" min={s.nextOrderNumber} step={1} value={f.nextOrderNumber} onChange={(e) => editor.edit((x) => ({ ...x, nextOrderNumber: e.target.value }))} />
                  )}
                </Field>
                <Field
                  label="Notification email"
                  error={errors.get('notificationEmail')}
                  hint={`Where this store's notifications in ${tenant.mode} mode go. Leave empty for none. A new address gets an email with a link: notifications go there once it is opened.`}
                >
                  {(p) => <input {...p} type="email" name="notificationEmail" autoComplete="email" maxLength={320} value={f.notificationEmail} onChange={(e) => editor.edit((x) => ({ ...x, notificationEmail: e.target.value }))} />}
                </Field>
                {s.pendingNotificationEmail ? (
                  <p className="muted" role="status" data-testid="pending-notification-email">
                    Waiting for {s.pendingNotificationEmail} to confirm: we emailed it a link that works for 48 hours.{' '}
                    {s.notificationEmail ? `Until it is opened, notifications keep going to ${s.notificationEmail}.` : 'Until it is opened, no notification is sent.'}
                  </p>
                ) : null}
                <NotificationChoices
                  mode={tenant.mode}
                  email={f.notificationEmail.trim()}
                  value={f.notifications}
                  error={[...errors.entries()].find(([path]) => path === 'notifications' || path.startsWith('notifications.'))?.[1] ?? null}
                  onChange={(name, on) => editor.edit((x) => ({ ...x, notifications: { ...x.notifications, [name]: on } }))}
                />
              </div>
              <div>
                <Field
                  label="Allowed origins"
                  error={originErrors.length > 0 ? originErrors.join('; ') : null}
                  hint="Storefront origins that may call the API from a browser, one per line, such as https://shop.example.com (at most 20). Leave empty for none."
                >
                  {(p) => <textarea {...p} name="allowedOrigins" rows={4} spellCheck={false} value={f.allowedOrigins} onChange={(e) => editor.edit((x) => ({ ...x, allowedOrigins: e.target.value }))} />}
                </Field>
                <Field label="Low-stock threshold" error={errors.get('lowStockThreshold')} hint="SKUs with this many units or fewer count as low on stock, in both modes.">
                  {(p) => (
                    <input {...p} type="number" name="lowStockThreshold" inputMode="numeric" min={0} step={1} value={f.lowStockThreshold} onChange={(e) => editor.edit((x) => ({ ...x, lowStockThreshold: e.target.value }))} />
                  )}
                </Field>
              </div>
            </div>
          </Fields>
          <p className="muted">{s.updatedAt ? `Last changed ${formatTimestamp(s.updatedAt, timeZone)}.` : 'These are the defaults: nothing was changed yet.'}</p>
          {editor.conflict ? <EditorConflict what={`the store settings (${tenant.mode} mode)`} conflict={editor.conflict} busy={editor.saving} onReload={editor.loadTheirs} onOverwrite={editor.saveMineOverTheirs} /> : null}
          {canWrite ? (
            <SaveBar label="Save the store settings" saving={editor.saving} saved={editor.saved} error={editor.error} errorTitle="The store settings could not be saved." shown={SETTINGS_SHOWN} />
          ) : null}
        </form>
      )}
    </Section>
  );
}

/** Which store notifications go to the notification email of this mode: a group of checkboxes, saved with the form. */
function NotificationChoices({
  mode,
  email,
  value,
  error,
  onChange,
}: {
  mode: Mode;
  email: string;
  value: NotificationTopics;
  error: string | null;
  onChange: (name: keyof NotificationTopics, on: boolean) => void;
}) {
  const hintId = useId();
  const errorId = useId();
  const search = useTenantSearch();
  return (
    <fieldset className="fieldset" aria-describedby={error ? `${hintId} ${errorId}` : hintId} data-testid="notification-topics">
      <legend>Notifications</legend>
      <p id={hintId} className="field-hint">
        A mail for each of these goes to the notification email of {mode} mode{email ? ` (${email})` : ''}. Nothing is sent while it is empty
        {email ? '' : ', as it is now'}.
      </p>
      <ul className="checkboxes">
        {TOPICS.map((t) => (
          <li key={t.name}>
            <label>
              <input type="checkbox" name={`notifications.${t.name}`} checked={value[t.name]} onChange={(e) => onChange(t.name, e.target.checked)} />
              {t.label}
            </label>
          </li>
        ))}
      </ul>
      {error ? (
        <p id={errorId} className="field-error">
          Notifications {error}.
        </p>
      ) : null}
      <p className="field-hint">
        What was sent, and whether it arrived: <Link to={{ pathname: '/emails', search }}>Emails</Link>.
      </p>
    </fieldset>
  );
}
