/** UI primitives shared by the features (DESIGN.md §2 src/shared). */
export { TextField, type TextFieldProps } from './text-field.tsx';
export { EmailField, type EmailFieldProps } from './email-field.tsx';
export { CheckboxField, type CheckboxFieldProps } from './checkbox-field.tsx';
export { PasswordField, type PasswordFieldProps } from './password-field.tsx';
export { SubmitButton, type SubmitButtonProps } from './submit-button.tsx';
export { ErrorSummary, Notice, StatusMessage, type ErrorSummaryProps } from './messages.tsx';
export { default as ui } from './ui.module.css';
export { CaptchaNotice } from './captcha-notice.tsx';
export { Avatar, type AvatarProps } from './avatar.tsx';
export { Switch, type SwitchProps } from './switch.tsx';
export { useConfirmation, type Confirmation, type ConfirmationRequest } from './use-confirmation.tsx';
export { NewPasswordField, type NewPasswordFieldProps } from './new-password-field.tsx';
