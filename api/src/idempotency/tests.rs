//! Tests of `idempotency`, beside it so the module stays short.
use super::*;

#[test]
fn routes_that_hand_out_credentials_or_exports_are_never_kept() {
    for route in [
        "/api/auth/{role}/login",
        "/api/auth/admin/login/two-factor",
        "/api/auth/admin/step-up",
        "/api/admin/two-factor/setup",
        "/api/admin/two-factor/confirm",
        "/api/admin/two-factor/disable",
        "/api/auth/{role}/forgot-password",
        "/api/auth/{role}/reset-password",
        "/api/account/password",
        "/api/auth/change-password",
        "/api/account/export",
        "/api/admin/people/{id}/export",
        "/api/exports/{token}",
        "/api/account/erase",
        "/api/admin/people/{id}/erase",
    ] {
        assert!(!kept_for_route(route), "{route} would be kept");
    }
    for route in [
        "/api/auth/{role}/register",
        "/api/contact",
        "/api/documents/upload",
        "/api/employer/jobs/{id}/close",
        "/api/auth/sign-out-everywhere",
        "/api/admin/admins",
    ] {
        assert!(kept_for_route(route), "{route} would not be kept");
    }
}

#[test]
fn an_answer_holding_a_credential_is_never_kept_whatever_its_route() {
    for body in [
        r#"{"token": "eyJ...", "user": {"id": "1"}}"#,
        r#"{"two_factor_required": true, "challenge": "eyJ..."}"#,
        r#"{"secret": "JBSW", "otpauth_url": "otpauth://totp/x", "qr_svg": "<svg/>"}"#,
        r#"{"message": "on", "recovery_codes": ["a", "b"]}"#,
        r#"{"session": {"accessToken": "x"}}"#,
        r#"[{"ok": true}, {"new_password": "x"}]"#,
        r#"{"url": "/api/exports/abc", "expires_at": "2026-01-01T00:00:00Z"}"#,
    ] {
        assert!(holds_credentials(body.as_bytes()), "{body}");
    }
    for body in [
        r#"{"message": "Saved", "user": {"id": "1", "name": "Jo"}}"#,
        r#"{"id": "1", "title": "Cover letter", "url": "/api/documents/1/download"}"#,
        "not json at all",
        "",
    ] {
        assert!(!holds_credentials(body.as_bytes()), "{body}");
    }
}

#[test]
fn an_anonymous_answer_is_kept_only_when_its_command_did_something() {
    use StatusCode as S;
    assert!(keeps(S::CREATED, false));
    for refused in [S::UNAUTHORIZED, S::UNPROCESSABLE_ENTITY, S::CONFLICT] {
        assert!(!keeps(refused, false), "{refused}");
        assert!(keeps(refused, true), "{refused}, signed in");
    }
    for never in [
        S::TOO_MANY_REQUESTS,
        S::INTERNAL_SERVER_ERROR,
        S::SERVICE_UNAVAILABLE,
    ] {
        assert!(!keeps(never, true), "{never}");
        assert!(!keeps(never, false), "{never}");
    }
}
