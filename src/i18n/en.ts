import type { TranslationMessages } from 'ra-core';
import { homeMessages } from './areas/home';
import { mamMessages } from './areas/mam';
import { presenceMessages } from './areas/presence';
import { mergeMessages } from './merge';
import englishMessages from 'ra-language-english';

/** English, loaded on demand: react-admin's messages plus the console's own. */
const en: TranslationMessages = {
  ...englishMessages,
  app: {
    name: 'Flota',
    language: 'Language',
    user_menu: 'User menu',
    languages: { es: 'Español', en: 'English' },
    config_error: 'The console configuration could not be loaded. Please reload the page.',
    not_available: 'Not available',
  },
  menu: {
    'company-management': 'Company management',
    'all-users': 'All users',
    logs: 'Server log',
    tools: 'Tools',
    resources: 'Resources',
    organization: 'Organization',
    'identity-clients': 'Security',
    users: 'Users',
    mamdash: 'MAM dashboard',
    databasestat: 'Statistics',
    setting: 'Settings',
    updates: 'Updates',
    reports: 'Reports',
    sqltables: 'Tables',
    devicelist: 'Devices',
    database: 'Project overview',
    search: 'Device search',
    home: 'Home',
    actions: 'Actions log',
    companies: 'Companies',
    pricing: 'Pricing',
    profile: 'Profile',
    mam: 'Environments & projects',
    recents: 'Recent projects',
    shareds: 'Shared projects',
    environments: 'Environments',
    groups: { projects: 'Projects', devices: 'Fleet', administration: 'Administration' },
  },
  project: {
    label: 'Project',
    none: 'You have no project yet. Create one or ask your administrator to share one with you.',
  },
  home: {
    title: 'Home',
    welcome: 'Welcome, %{name}',
    company: 'Company: %{name}',
    no_tier: 'No subscription',
    no_company: 'Your user does not belong to any company.',
    company_inactive: 'Your company is disabled. Please contact your administrator.',
    see_pricing: 'See plans',
    notifications: {
      title: 'Notifications',
      empty: 'You have no notifications.',
      mark_read: 'Mark as read',
      unread: 'Unread',
      marked: 'Notification marked as read',
      see_all: 'See all',
    },
  },
  profile: {
    title: 'Profile',
    account: 'Account',
    preferences: 'Preferences',
    fields: {
      name: 'User name',
      email: 'E-mail',
      role: 'Role',
      rights: 'Rights',
      company: 'Company',
      tier: 'Plan',
    },
    language: 'Console language',
    twofactor: 'Two-step verification',
    twofactor_help: 'When you sign in you will be asked for a code sent to your e-mail.',
    saved: 'Profile updated',
  },
  pricing: {
    title: 'Pricing',
    intro: 'Choose the plan that best fits your fleet.',
    current: 'Current plan',
    subscribe: 'Subscribe',
    subscribed: 'Subscription activated',
    cannot_subscribe: 'Only an administrator of an active company can change the plan.',
    confirm_title: 'Subscribe to the %{tier} plan',
    confirm_content: 'Do you want to change your company plan to %{tier}?',
    per_month: '€%{price} per month',
    free: 'Free',
    on_request: 'Price on request',
    unlimited: 'Unlimited',
    devices: 'Devices',
    projects: 'Projects',
    environments: 'Environments',
    tiers: {
      FLOTA_FREE: 'Free',
      FLOTA_BASIC: 'Basic',
      FLOTA_PRO: 'Professional',
      FLOTA_ENTERPRISE: 'Enterprise',
    },
  },
  access: {
    error_title: 'Sign-in failed',
    session_title: 'Session ended',
    unknown_error: 'An unknown error occurred.',
    sign_in_again: 'Sign in again',
    not_authorised_title: 'Not authorised',
    back_home: 'Back to home',
  },
  session: {
    not_authorised: 'You are not authorised to perform this operation.',
    timeout: 'Your session has timed out. Please sign in again.',
    expired: 'Your session has ended. Please sign in again.',
    new_version: 'A new version of the console is available.',
    reload: 'Reload',
  },
  resources: {
    companies: {
      enable: 'Enable',
      disable: 'Disable',
      confirm_enable: 'Do you want to enable the company %{name}?',
      confirm_disable:
        'Do you want to disable the company %{name}? Its users will not be able to work with it.',
      enabled: 'Company enabled',
      disabled: 'Company disabled',
    },
  },
};

export default mergeMessages(
  en,
  // Column labels such as MID keep their case: react-admin's default lowers the first letter.
  { ra: { sort: { sort_by: 'Sort by %{field} %{order}' } } },
  mamMessages.en,
  homeMessages.en,
  presenceMessages.en,
);
