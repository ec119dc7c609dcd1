// Create New User and Modify User modals (docs/screens.md (Create New User modal), docs/data-model.md (Validation rules)): the same fields, validated with the protocol's
// schemas; Modify is prefilled and highlights the fields that differ from the saved user.
import { createUserSchema, modifyUserSchema, type CreateUser, type ModifyUser, type Role, type User } from '@bpm/protocol';
import { PasswordInput, Select, TextInput } from '@mantine/core';
import { useState, type CSSProperties } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useModifyUser } from '../api/use-modify-user';
import { useCreateUser } from '../api/use-create-user';
import { userQueries } from '../api/users-api';
import { FormModal } from './form-modal';
import { fieldErrors, userActionError } from './user-errors';

type TextField = 'username' | 'firstName' | 'lastName' | 'email';
const textFields: { field: TextField; label: string; type?: string }[] = [
  { field: 'username', label: 'Username' },
  { field: 'firstName', label: 'First Name' },
  { field: 'lastName', label: 'Last Name' },
  { field: 'email', label: 'Email', type: 'email' },
];

interface FormValues extends Record<TextField, string> {
  password: string;
  roleId: string;
}

interface UserModalProps {
  roles: Role[];
  onClose: () => void;
  /** Called with the success sentence once the user list has been re-read. */
  onDone: (message: string) => void;
}

type UserFormModalProps = Omit<UserModalProps, 'onDone'> & {
  isPending: boolean;
  /** The failed request's sentence. */
  error: string | null;
} & (
    | { mode: 'create'; user?: undefined; onSubmit: (payload: CreateUser) => void }
    | { mode: 'modify'; user: User; onSubmit: (payload: ModifyUser) => void }
  );

export function CreateUserModal({ roles, onClose, onDone }: UserModalProps) {
  const create = useCreateUser();
  return (
    <UserFormModal
      mode="create"
      roles={roles}
      onClose={onClose}
      isPending={create.isPending}
      error={create.error && userActionError('create', create.error)}
      onSubmit={(payload) =>
        create.mutate(payload, {
          onSuccess: () => {
            onDone('User created successfully');
            onClose();
          },
        })
      }
    />
  );
}

export function ModifyUserModal({ user, roles, onClose, onDone }: UserModalProps & { user: User }) {
  const modify = useModifyUser();
  const queryClient = useQueryClient();
  const [isMissing, setIsMissing] = useState(false);
  const failure = isMissing ? 'Failed to modify user' : modify.error && userActionError('modify', modify.error);
  return (
    <UserFormModal
      mode="modify"
      user={user}
      roles={roles}
      onClose={onClose}
      isPending={modify.isPending}
      error={failure}
      onSubmit={(payload) => {
        const { userId } = user;
        // The user may have been deleted since the dialog opened (docs/api.md (Users errors)).
        const isListed =
          queryClient.getQueryData(userQueries.list().queryKey)?.some((listed) => listed.userId === userId) ?? false;
        setIsMissing(!isListed);
        if (!isListed) return;
        modify.mutate(
          { userId, payload },
          {
            onSuccess: () => {
              onDone('User modified successfully');
              onClose();
            },
          },
        );
      }}
    />
  );
}

const changedStyle: CSSProperties = {
  borderColor: 'var(--mantine-color-orange-6)',
  backgroundColor: 'var(--mantine-color-orange-0)',
};

function initialValues(user: User | undefined): FormValues {
  return {
    username: user?.username ?? '',
    firstName: user?.firstName ?? '',
    lastName: user?.lastName ?? '',
    email: user?.email ?? '',
    password: '',
    roleId: user ? String(user.roleId) : '',
  };
}

function UserFormModal(props: UserFormModalProps) {
  const { roles, onClose, mode, user, isPending, error } = props;
  const [values, setValues] = useState<FormValues>(() => initialValues(user));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const original = initialValues(user);
  const isChanged = (field: keyof FormValues) => mode === 'modify' && values[field] !== original[field];
  const roleName = (roleId: string) => roles.find((role) => String(role.id) === roleId)?.name ?? '';

  const set = (field: keyof FormValues, value: string) => setValues((current) => ({ ...current, [field]: value }));

  const submit = () => {
    const roleId = values.roleId ? Number(values.roleId) : undefined;
    const input = {
      username: values.username,
      firstName: values.firstName,
      lastName: values.lastName,
      email: values.email,
      roleId,
    };
    const parsed =
      props.mode === 'create'
        ? createUserSchema.safeParse({ ...input, password: values.password })
        : modifyUserSchema.safeParse(input);
    if (!parsed.success) {
      const found = fieldErrors(parsed.error.issues);
      // An empty password reads as missing rather than too short.
      if (props.mode === 'create' && !values.password) found.password = 'Password is required';
      setErrors(found);
      return;
    }
    setErrors({});
    if (props.mode === 'create') props.onSubmit(parsed.data as CreateUser);
    else props.onSubmit(parsed.data);
  };

  const highlight = (field: keyof FormValues, shown: string) =>
    isChanged(field)
      ? { styles: { input: changedStyle }, description: `Was: ${shown}`, 'data-changed': 'true' }
      : { 'data-changed': undefined };

  return (
    <FormModal
      title={mode === 'create' ? 'Create New User' : 'Modify User'}
      intro={mode === 'create' ? "Enter the new user's information below" : "Update the user's information below"}
      error={error}
      isPending={isPending}
      onClose={onClose}
      onSubmit={submit}
      submitColor={mode === 'create' ? 'green' : 'blue'}
    >
      {textFields.map(({ field, label, type }) => (
        <TextInput
          key={field}
          label={label}
          type={type}
          required
          value={values[field]}
          onChange={(event) => set(field, event.currentTarget.value)}
          error={errors[field]}
          {...highlight(field, original[field])}
        />
      ))}
      {mode === 'create' && (
        <PasswordInput
          label="Password"
          required
          value={values.password}
          onChange={(event) => set('password', event.currentTarget.value)}
          error={errors.password}
        />
      )}
      <Select
        label="Role"
        required
        placeholder="Select a role..."
        data={roles.map((role) => ({ value: String(role.id), label: role.name }))}
        value={values.roleId || null}
        onChange={(value) => set('roleId', value ?? '')}
        error={errors.roleId}
        comboboxProps={{ withinPortal: true }}
        {...highlight('roleId', roleName(original.roleId))}
      />
    </FormModal>
  );
}
