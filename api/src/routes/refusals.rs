//! Error answers that several endpoints document alike, each written once:
//! `responses(refusals::JobNotFound, ..)` in a `#[utoipa::path]`. Only the
//! API document uses them; the answers themselves are `ApiError`s.
#![expect(
    dead_code,
    reason = "only the API document reads these types; no value of one is ever made"
)]

use crate::error::ErrorBody;

#[derive(utoipa::IntoResponses)]
#[response(
    status = 400,
    description = "`Unknown account type`, or a body that is not JSON"
)]
pub struct UnknownRole(ErrorBody);

#[derive(utoipa::IntoResponses)]
#[response(
    status = 403,
    description = "A token of another role, or an employer not approved (pending, rejected, suspended)"
)]
pub struct NotApproved(ErrorBody);

#[derive(utoipa::IntoResponses)]
#[response(
    status = 403,
    description = "`Confirm it's you: enter a code from your authenticator app.` with `code` \
                   `step_up_required`: the session has not passed a second factor in the last \
                   15 minutes (POST /api/auth/admin/step-up, then try again); or \
                   `two_factor_enrolment_required`: the admin has not set up two-factor sign-in; \
                   or a token of another role"
)]
pub struct StepUpRequired(ErrorBody);

#[derive(utoipa::IntoResponses)]
#[response(status = 404, description = "`Account not found`")]
pub struct AccountNotFound(ErrorBody);

#[derive(utoipa::IntoResponses)]
#[response(
    status = 404,
    description = "`Application not found`: no such application, or not for this employer's jobs"
)]
pub struct ApplicationNotFound(ErrorBody);

#[derive(utoipa::IntoResponses)]
#[response(
    status = 404,
    description = "`Document not found`: no such document, or not the candidate's"
)]
pub struct DocumentNotFound(ErrorBody);

#[derive(utoipa::IntoResponses)]
#[response(status = 404, description = "`Employer not found`")]
pub struct EmployerNotFound(ErrorBody);

#[derive(utoipa::IntoResponses)]
#[response(
    status = 404,
    description = "`Interview not found`: no such interview, or another employer's"
)]
pub struct InterviewNotFound(ErrorBody);

#[derive(utoipa::IntoResponses)]
#[response(
    status = 404,
    description = "`Job not found`: no such job, or another employer's"
)]
pub struct JobNotFound(ErrorBody);

#[derive(utoipa::IntoResponses)]
#[response(status = 404, description = "`Message not found`")]
pub struct MessageNotFound(ErrorBody);

#[derive(utoipa::IntoResponses)]
#[response(
    status = 404,
    description = "`Notification not found`: no such notification, or someone else's"
)]
pub struct NotificationNotFound(ErrorBody);

#[derive(utoipa::IntoResponses)]
#[response(status = 404, description = "`Resume not found`")]
pub struct ResumeNotFound(ErrorBody);

#[derive(utoipa::IntoResponses)]
#[response(status = 404, description = "`Stream not found`")]
pub struct StreamNotFound(ErrorBody);

#[derive(utoipa::IntoResponses)]
#[response(status = 404, description = "`List not found` or `Value not found`")]
pub struct ValueNotFound(ErrorBody);

#[derive(utoipa::IntoResponses)]
#[response(status = 409, description = "Changed at the same moment")]
pub struct ChangedMeanwhile(ErrorBody);

#[derive(utoipa::IntoResponses)]
#[response(
    status = 409,
    description = "`An account with this email already exists`"
)]
pub struct EmailTaken(ErrorBody);

#[derive(utoipa::IntoResponses)]
#[response(status = 409, description = "Not pending")]
pub struct NotPending(ErrorBody);

#[derive(utoipa::IntoResponses)]
#[response(
    status = 422,
    description = "`Enter dates as YYYY-MM-DD`, or `The start date must be on or before the end date`"
)]
pub struct DateRange(ErrorBody);

#[derive(utoipa::IntoResponses)]
#[response(
    status = 422,
    description = "`Enter dates as YYYY-MM-DD`, `The start date must be on or before the end date`, or `Choose an employer from the list`"
)]
pub struct ScopeRefused(ErrorBody);

#[derive(utoipa::IntoResponses)]
#[response(status = 422, description = "A field breaks its rule (SPEC 5 texts)")]
pub struct FieldRule(ErrorBody);

#[derive(utoipa::IntoResponses)]
#[response(status = 422, description = "A field breaks its rule")]
pub struct JobFieldRule(ErrorBody);

#[derive(utoipa::IntoResponses)]
#[response(status = 422, description = "No file, or an empty one")]
pub struct NoFile(ErrorBody);

#[derive(utoipa::IntoResponses)]
#[response(status = 422, description = "`Choose the grounds for this erasure`")]
pub struct NoGrounds(ErrorBody);

#[derive(utoipa::IntoResponses)]
#[response(
    status = 422,
    description = "`Enter a valid date and time`, `Time travel is not available for this kind of stream`, or a history that could not be replayed"
)]
pub struct NoTimeTravel(ErrorBody);

#[derive(utoipa::IntoResponses)]
#[response(
    status = 404,
    description = "`Alert not found`: no such job alert, or someone else's"
)]
pub struct AlertNotFound(ErrorBody);
