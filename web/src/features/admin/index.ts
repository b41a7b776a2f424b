/**
 * Public face of the admin workspace's shell (frame, sections, sign-in security, admins, the
 * overview) for the admin features built on it: admin-people, admin-operations and admin-audit.
 * They take from here the one client for the admin host (step-up, enrolment gate, errors), the root
 * of their query keys, the page title, filter tabs and times, the search draft, the URL filter
 * helpers, the pipeline's stages, and events as sentences (the overview and the audit trail show
 * both). Nothing here imports those features. Like every feature's index, it re-exports no route
 * page: app/ lazy-loads page modules.
 */
export { useAdmins } from './api/admins'
export { adminFetch, adminPost, asList, retryServerErrors, seg, withQuery } from './api/client'
export { adminKeys } from './api/keys'
export { STEP_UP_CANCELLED } from './api/step-up'
export { useTwoFactor } from './api/two-factor'
export { AuditEventItem } from './components/AuditEventItem'
export { eventQuote } from './model/activity'
export { FilterTabs } from './components/FilterTabs'
export { JobStatusCell } from './components/JobStatusCell'
export { JsonView } from './components/JsonView'
export { StepUpHost } from './components/StepUpDialog'
export { Time } from './components/Time'
export { useAdminTitle } from './hooks/useAdminTitle'
export { useSearchDraft } from '../../hooks/useSearchDraft'
export { ERASED, formatInstant, humaniseType, isErased, kindLabel, streamKind } from './model/auditEvent'
export { jobApplicationsPath } from './model/sections'
export { JOB_STATUS_LABELS, jobPostedText, jobStatusLabel, jobStatusTone, type JobRowStatus, SPECIALISATIONS, STAGE_LABELS, stageLabel, stageTone, type Specialisation } from './model/stages'
export { hasAny, readParams, validDay, writeParams } from './model/urlParams'
export { type AdminAccount, type AuditEvent, type MessageReply, OPS_STAGES, type OpsStage } from './types'
