import type { FormFieldDescriptor } from '@organiser/domain';
import { recordLabel } from '@organiser/domain';
import { Alert, App, Button, Card, Col, Form, Result, Row, Skeleton } from 'antd';
import { Fragment, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { GuardedButton } from '../components/guarded-button';
import { timeAgo } from '../components/time-ago';
import { pick } from '../i18n/i18n';
import { useEngineText } from '../messages';
import type { PageProps } from '../navigation/page-props';
import { useVisibleRoutes } from '../navigation/visible-routes-context';
import { useScope } from '../state/scope';
import { BilingualPair } from '../widgets/bilingual-pair';
import { useEntityAccess } from './access';
import { ChildPanels } from './child-panels';
import { useCommands } from './commands/use-commands';
import type { EntityMeta } from './entity-meta';
import { ErrorSummary, focusField } from './form/error-summary';
import { FieldItem, WhenActive } from './form/field-item';
import { type EntityFormController, useEntityForm } from './form/use-entity-form';
import { ActionInputDialog } from './list/action-input-dialog';
import { closeTab, listReturnPath } from './return-path';
import { isScopeOwner } from './scope';
import type { FormSlots, SlotContext } from './slots';
import '../components/entity-screens.css';
import { FieldPathErrors } from '../widgets/dynamic-form';

/** Fields in rows: the two halves of a bilingual pair together, the others by their span. */
function layoutFields(
  meta: EntityMeta,
  fields: FormFieldDescriptor[],
  render: (f: FormFieldDescriptor) => ReactNode,
  pairLabel: (name: string) => string,
) {
  const out: ReactNode[] = [];
  for (let i = 0; i < fields.length; i++) {
    const field = fields[i]!;
    const next = fields[i + 1];
    if (field.pair && next?.pair?.name === field.pair.name) {
      out.push(
        <Col span={24} key={field.pair.name}>
          <BilingualPair label={pairLabel(field.pair.name)} en={render(field)} zh={render(next)} />
        </Col>,
      );
      i++;
      continue;
    }
    out.push(
      <WhenActive meta={meta} name={field.name} key={field.name}>
        <Col xs={24} md={field.span}>
          {render(field)}
        </Col>
      </WhenActive>,
    );
  }
  return out;
}

/** The add and edit pages of every entity (`banner_add`, `banner_edit/{id}`…), from its definition; a
 * domain adds form sections and footer buttons through `slots`. The edit page of a parent shows its children. */
export function EntityFormPage({ route, params, slots }: PageProps & { slots?: FormSlots }) {
  const view = route.view;
  if (view?.kind !== 'entity-form') throw new Error(`${route.name} is not an entity form route`);
  return (
    <EntityForm
      key={`${view.entity}:${params.id ?? 'new'}`}
      entity={view.entity}
      id={view.mode === 'edit' ? params.id : undefined}
      title={route.title}
      slots={slots}
    />
  );
}

type Screen = ReturnType<typeof useFormScreen>;

/** The form's controller and what its parts share: where "back" goes, saving, the slot context. */
function useFormScreen(entity: string, id: string | undefined) {
  const t = useEngineText();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const location = useLocation();
  // a link to an add page may name values the new record starts with (new_product_add?activityId=5)
  const controller = useEntityForm(entity, id, { prefillQuery: id === undefined ? location.search : '' });
  const { meta, mode } = controller;
  const { def } = meta;
  const { isScoped } = useScope();
  const access = useEntityAccess(def);
  const commands = useCommands(meta, access);
  const { flat } = useVisibleRoutes();
  // a supplier's own company is its page, not an entry of a list it works through
  const isOwnRecord = isScoped && isScopeOwner(def) && mode === 'edit';
  // a supplier's own company has no list to go back to: its start page
  const goBack = () => navigate(isOwnRecord ? '/' : listReturnPath(def));
  const save = async () => {
    const result = await controller.submit();
    if (!result.ok) return;
    message.success(mode === 'add' ? t('form.created') : t('form.saved'));
    if (isOwnRecord) {
      await controller.reload();
      return;
    }
    controller.allowLeave();
    const here = location.pathname;
    navigate(listReturnPath(def));
    closeTab(here);
  };
  const ctx: SlotContext = { meta, access, navigate, routes: flat };
  return { t, controller, goBack, save, ctx, commands };
}

export function EntityForm(props: {
  entity: string;
  id?: string;
  title: { en: string; zh: string };
  slots?: FormSlots;
}) {
  const screen = useFormScreen(props.entity, props.id);
  const { t, controller } = screen;
  const { meta, record } = controller;
  if (controller.isMissing) {
    return (
      <Card variant="borderless">
        <Result
          status="404"
          title={t('form.notFound')}
          extra={<Button onClick={screen.goBack}>{t('list.backToList')}</Button>}
        />
      </Card>
    );
  }
  return (
    <div className="entity-form-page">
      <FormHeader controller={controller} title={props.title} />
      <FormAlerts controller={controller} />
      {controller.isLoading ? (
        <Card variant="borderless">
          <Skeleton active paragraph={{ rows: 8 }} />
        </Card>
      ) : (
        <FormBody screen={screen} title={props.title} slots={props.slots} />
      )}
      {record && <ChildPanels entity={meta.def.name} record={record} />}
      <ActionInputDialog
        meta={meta}
        pending={screen.commands.pendingInput}
        onClose={screen.commands.closeInput}
      />
    </div>
  );
}

function FormHeader({
  controller,
  title,
}: {
  controller: EntityFormController;
  title: { en: string; zh: string };
}) {
  const t = useEngineText();
  const { t: frameT } = useTranslation();
  const { meta, record } = controller;
  const { def, lang } = meta;
  const subtitle = record
    ? `#${record.id} ${recordLabel(def, record, lang)} · ${t('form.version', { version: record.version, time: timeAgo(record.updatedAt, frameT) })}`
    : null;
  return (
    <header className="entity-page-header">
      <h1 className="app-page-title">{pick(title, lang)}</h1>
      {subtitle && <span className="entity-page-subtitle">{subtitle}</span>}
    </header>
  );
}

/** A newer version saved elsewhere, and errors that belong to no field. */
function FormAlerts({ controller }: { controller: EntityFormController }) {
  const t = useEngineText();
  return (
    <>
      {controller.isStale && (
        <Alert
          type="warning"
          showIcon
          className="entity-form-alert"
          title={t('form.staleTitle')}
          description={t('form.staleText')}
          action={
            <Button size="small" type="primary" onClick={() => void controller.reload()}>
              {t('form.staleReload')}
            </Button>
          }
        />
      )}
      {controller.generalErrors.length > 0 && (
        <Alert
          type="error"
          showIcon
          className="entity-form-alert"
          title={t('form.errorsTitle')}
          description={
            <ul className="entity-form-errors">
              {controller.generalErrors.map((e) => (
                <li key={e}>{e}</li>
              ))}
            </ul>
          }
        />
      )}
    </>
  );
}

function FormBody({
  screen,
  title,
  slots,
}: {
  screen: Screen;
  title: { en: string; zh: string };
  slots?: FormSlots;
}) {
  const { t, controller } = screen;
  const { meta, form, groups, record } = controller;
  const { def, lang } = meta;
  const formName = `${def.name}-form`;
  const fieldOrder = groups.flatMap((g) => g.fields.map((f) => f.name));
  // field errors change without a value change (a validation ends, the server answers): the summary re-reads them
  const [errorsKey, setErrorsKey] = useState('');
  return (
    <Form
      // kept-alive list pages stay in the document: a name keeps every field id (and label) unique
      name={formName}
      form={form}
      layout="vertical"
      className="entity-form"
      onValuesChange={controller.onValuesChange}
      onFieldsChange={(_, all) => {
        // only a shown summary follows the errors, and only a change of them re-renders the page
        if (!controller.isSummaryShown) return;
        setErrorsKey(
          all
            .filter((f) => f.errors && f.errors.length > 0)
            .map((f) => `${String(f.name)}:${f.errors![0]}`)
            .join('\n'),
        );
      }}
      onFinish={() => void screen.save()}
      onFinishFailed={({ errorFields }) => {
        controller.showSummary();
        if (errorFields[0]) focusField(formName, String(errorFields[0].name[0]));
      }}
      // the form checks every value itself: no browser validation bubbles beside its messages
      noValidate
      aria-label={pick(title, lang)}
    >
      <ErrorSummary
        form={form}
        formName={formName}
        meta={meta}
        isShown={controller.isSummaryShown}
        order={fieldOrder}
        errorsKey={errorsKey}
      />
      <FieldPathErrors.Provider value={controller.pathErrors}>
        <FormGroups controller={controller} />
      </FieldPathErrors.Provider>
      {slots?.sections?.(record ?? null, screen.ctx)}
      <div className="entity-form-actions">
        {/* a record the caller may not write (or that only its module writes, as a consult) has no Save */}
        {!controller.isReadOnly &&
          (controller.mode === 'add' ? screen.ctx.access.canCreate : screen.ctx.access.canUpdate) && (
            <GuardedButton type="primary" htmlType="submit" loading={controller.isSubmitting}>
              {t('form.save')}
            </GuardedButton>
          )}
        <Button onClick={screen.goBack}>{t('form.cancel')}</Button>
        {screen.commands.form(record ?? null)}
        {slots?.footer?.(record ?? null, screen.ctx)}
      </div>
    </Form>
  );
}

/** The field groups, each a card; the two halves of a bilingual pair side by side. */
function FormGroups({ controller }: { controller: EntityFormController }) {
  const { meta, form, groups, record } = controller;
  const { def, lang } = meta;
  const render = (field: FormFieldDescriptor) => (
    <FieldItem
      key={field.name}
      field={field}
      meta={meta}
      form={form}
      record={record}
      itemProps={controller.itemProps(field)}
    />
  );
  const pairLabel = (name: string) => {
    const pair = def.pairs[name];
    return meta.texts[`entity.${def.key}.field.${name}`] ?? pair?.label[lang] ?? name;
  };
  return (
    <>
      {groups.map((group) => (
        <Fragment key={group.key}>
          <Card
            size="small"
            className="entity-form-group"
            title={group.label ? group.label[lang] : groups.length > 1 ? meta.label() : undefined}
          >
            <Row gutter={[16, 0]}>{layoutFields(meta, group.fields, render, pairLabel)}</Row>
          </Card>
        </Fragment>
      ))}
    </>
  );
}
