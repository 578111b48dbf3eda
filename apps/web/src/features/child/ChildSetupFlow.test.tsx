import type { TChild, TUserInfo } from '@picbook/contracts';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { i18n } from '../../shared/i18n';
import { useSession } from '../../shared/session/session';
import { useStartup } from '../../shared/startup/startup-store';
import { useToasts } from '../../shared/toast/toast-store';
import { httpError, stubApi } from '../../test/api-stub';
import { buildConfigs, buildUserInfo } from '../../test/factories';
import { ChildSetupFlow } from './ChildSetupFlow';

// Request errors are reported through the pingback queue, which would post after the test ends.
vi.mock(import('../../shared/analytics/pingback'), async (original) => ({
  ...(await original()),
  track: vi.fn(),
}));

import { chinaToday } from './child-form';

const savedChild: TChild = {
  id: 55,
  nickname: '乐乐',
  birthday: '2016-05-01',
  gender: 2,
  age: 9,
  avatar: '/media/avatars/girl-1.svg',
  region: 222,
};

let fetchMock: ReturnType<typeof stubApi>['fetchMock'];
let randomSpy: MockInstance<() => number>;
const lastToast = () => useToasts.getState().toasts.at(-1);
const calls = () =>
  fetchMock.mock.calls.map(([url, init]) => ({
    url: String(url),
    method: init?.method,
    body: init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined,
  }));

beforeEach(async () => {
  await i18n.changeLanguage('zh-CN');
  fetchMock = stubApi({}).fetchMock;
  randomSpy = vi.spyOn(Math, 'random').mockReturnValue(0);
  useToasts.setState({ toasts: [] });
  useSession.getState().setLogin('token-1');
  useSession.getState().setChildId(null);
  useStartup.setState({
    configs: buildConfigs(),
    configsState: 'done',
    user: buildUserInfo({ geo: { province_id: 222 } }),
    userState: 'done',
  });
});
afterEach(() => {
  cleanup();
  randomSpy.mockRestore();
  vi.unstubAllGlobals();
});

const nextButton = () => screen.getByRole('button', { name: '下一步' });
const consentBox = () => screen.getByRole('checkbox') as HTMLInputElement;
const avatarImages = () =>
  Array.from(screen.getByTestId('avatar-carousel').querySelectorAll('img')).map((img) =>
    img.getAttribute('src'),
  );

/** The parent picks the birthday (the form starts with none, issue 39). */
function chooseBirthday(value = '2013-01-01') {
  fireEvent.input(screen.getByLabelText(/生日/), { target: { value } });
}

function fillGirlBorn2016() {
  fireEvent.click(screen.getByRole('radio', { name: /女孩/ }));
  fireEvent.input(screen.getByLabelText(/生日/), { target: { value: '2016-05-01' } });
}

describe('ChildSetupFlow: info step', () => {
  it('starts from the spec defaults and the province guess; the birthday is empty until chosen', () => {
    render(<ChildSetupFlow onDone={vi.fn()} />);
    expect(screen.getByTestId('child-nickname').textContent).toBe('小宝宝');
    const birthday = screen.getByLabelText(/生日/) as HTMLInputElement;
    // No default that looks like a real answer (issue 39): the picker prompts, nothing preset.
    expect(birthday.value).toBe('');
    expect(birthday.min).toBe('1996-01-02');
    expect(birthday.max).toBe(chinaToday());
    expect((screen.getByRole('radio', { name: /男孩/ }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('combobox', { name: /地区/ }) as HTMLSelectElement).value).toBe('222');
    expect(consentBox().checked).toBe(false);
    const link = screen.getByRole('link', { name: '《儿童个人信息保护规则及监护人须知》' });
    expect(link.getAttribute('href')).toBe('/legal/children-privacy.html');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
  });

  it('falls back to the default region when the guess is not a listed region', () => {
    useStartup.setState({ user: buildUserInfo({ geo: { province_id: 999 } }) });
    render(<ChildSetupFlow onDone={vi.fn()} />);
    expect((screen.getByRole('combobox', { name: /地区/ }) as HTMLSelectElement).value).toBe('214');
  });

  it('blocks 下一步 until the guardian consent is ticked', () => {
    render(<ChildSetupFlow onDone={vi.fn()} />);
    chooseBirthday();
    fireEvent.click(nextButton());
    expect(lastToast()).toMatchObject({
      kind: 'warning',
      message: '请先由家长阅读并同意《儿童个人信息保护规则及监护人须知》',
    });
    expect(screen.queryByTestId('avatar-dialog')).toBeNull();
    fireEvent.click(consentBox());
    fireEvent.click(nextButton());
    expect(screen.getByRole('dialog', { name: '请选择孩子阅读时的头像' })).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it.each([
    ['', '请输入正确的生日'],
    ['2099-01-01', '请输入正确的生日'],
    ['1996-01-01', '请输入正确的生日'],
  ])('refuses the birthday %j with %s', (value, message) => {
    render(<ChildSetupFlow onDone={vi.fn()} />);
    fireEvent.click(consentBox());
    fireEvent.input(screen.getByLabelText(/生日/), { target: { value } });
    fireEvent.click(nextButton());
    expect(lastToast()).toMatchObject({ kind: 'warning', message });
    expect(screen.queryByTestId('avatar-dialog')).toBeNull();
  });

  it('edits the nickname in the nickname dialog (确定, no close button)', async () => {
    render(<ChildSetupFlow onDone={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: /昵称/ }));
    expect(screen.getByRole('dialog', { name: '修改昵称' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '关闭' })).toBeNull();
    fireEvent.input(screen.getByRole('textbox'), { target: { value: '乐乐' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '确定' })));
    expect(screen.getByTestId('child-nickname').textContent).toBe('乐乐');
  });
});

describe('ChildSetupFlow: avatar step', () => {
  it('orders a girl born 2016: the girls, then the monkey, then the boys, then the zodiac', () => {
    const { avatars } = buildConfigs();
    render(<ChildSetupFlow onDone={vi.fn()} />);
    fillGirlBorn2016();
    fireEvent.click(consentBox());
    fireEvent.click(nextButton());
    // 2016 - 1996 = 20; 20 mod 12 = 8: the ninth animal (rat first) is the monkey.
    expect(avatarImages()).toEqual([
      ...avatars.girl,
      '/media/avatars/zodiac-9.svg',
      ...avatars.boy,
      ...avatars.zodiac,
    ]);
  });

  it('starts on a random one of its own gender and animal and has no close button', () => {
    // Six avatars per gender: the first 13 would reach into the other gender (issue 40.8); the
    // start is one of the six and the birth-year animal, the 7th at most.
    randomSpy.mockReturnValue(0.99);
    render(<ChildSetupFlow onDone={vi.fn()} />);
    chooseBirthday();
    fireEvent.click(consentBox());
    fireEvent.click(nextButton());
    const chosen = screen.getByRole('button', { pressed: true });
    expect(chosen.getAttribute('aria-label')).toBe('头像 7 / 25');
    expect(screen.queryByRole('button', { name: '关闭' })).toBeNull();
    expect(screen.getByRole('button', { name: '上一个头像' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '下一个头像' }));
    expect(screen.getByRole('button', { pressed: true }).getAttribute('aria-label')).toBe(
      '头像 8 / 25',
    );
  });

  it('a girl starts on a girl, whatever the random draw', () => {
    for (const draw of [0, 0.3, 0.6, 0.85]) {
      randomSpy.mockReturnValue(draw);
      render(<ChildSetupFlow onDone={vi.fn()} />);
      fillGirlBorn2016();
      fireEvent.click(consentBox());
      fireEvent.click(nextButton());
      const at = Number(
        /头像 (\d+) \/ 25/.exec(
          screen.getByRole('button', { pressed: true }).getAttribute('aria-label') ?? '',
        )?.[1],
      );
      expect(avatarImages()[at - 1], `draw ${draw}`).toMatch(/girl|zodiac-9/);
      cleanup();
    }
  });
});

describe('ChildSetupFlow: saving', () => {
  it('posts the child with consent 1, reloads user info, then calls onDone', async () => {
    let answerUser: (user: TUserInfo) => void = () => {};
    fetchMock = stubApi({
      saveChild: () => savedChild,
      userInfo: () =>
        new Promise<TUserInfo>((resolve) => {
          answerUser = resolve;
        }),
    }).fetchMock;
    const onDone = vi.fn();
    render(<ChildSetupFlow onDone={onDone} />);
    fireEvent.click(screen.getByRole('button', { name: /昵称/ }));
    fireEvent.input(screen.getByRole('textbox'), { target: { value: '乐乐' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '确定' })));
    fillGirlBorn2016();
    fireEvent.click(consentBox());
    fireEvent.click(nextButton());
    fireEvent.click(screen.getByRole('button', { name: '下一个头像' }));

    await act(async () => fireEvent.click(screen.getByRole('button', { name: '确定' })));
    expect(screen.getByRole('button', { name: '保存中' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '保存中' }));
    // The child is posted, then the user info reloads (a chain of requests: wait for it).
    await waitFor(() => expect(calls()).toHaveLength(2));
    expect(calls()).toEqual([
      {
        url: '/api/v1/child',
        method: 'POST',
        body: {
          nickname: '乐乐',
          birthday: '2016-05-01',
          gender: 2,
          region: 222,
          avatar: '/media/avatars/girl-2.svg',
          consent: 1,
        },
      },
      { url: '/api/v1/user?type=20', method: 'GET', body: undefined },
    ]);
    expect(useSession.getState().childId).toBe('55');
    expect(onDone).not.toHaveBeenCalled();

    const user = buildUserInfo({ children: [savedChild] });
    await act(async () => answerUser(user));
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(useStartup.getState().user?.children).toEqual([savedChild]);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('keeps the avatar dialog open with the server message on an error', async () => {
    stubApi({
      saveChild: () =>
        httpError(400, {
          code: 10001,
          msg: '参数错误：avatar 不是可选头像',
          data: { field: 'avatar' },
        }),
    });
    const onDone = vi.fn();
    render(<ChildSetupFlow onDone={onDone} />);
    chooseBirthday();
    fireEvent.click(consentBox());
    fireEvent.click(nextButton());
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '确定' })));
    await waitFor(() =>
      expect(lastToast()).toMatchObject({
        kind: 'error',
        message: '参数错误：avatar 不是可选头像',
      }),
    );
    expect(useToasts.getState().toasts).toHaveLength(1);
    expect(screen.getByTestId('avatar-dialog')).toBeTruthy();
    expect(screen.getByRole('button', { name: '确定' })).toBeTruthy();
    expect(onDone).not.toHaveBeenCalled();
  });

  it('keeps the dialog open on a network failure and saves on the next tap', async () => {
    let online = false;
    fetchMock = stubApi({
      saveChild: () => {
        if (!online) throw new TypeError('Failed to fetch');
        return savedChild;
      },
      userInfo: () => buildUserInfo({ children: [savedChild] }),
    }).fetchMock;
    render(<ChildSetupFlow onDone={vi.fn()} />);
    chooseBirthday();
    fireEvent.click(consentBox());
    fireEvent.click(nextButton());
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '确定' })));
    expect(lastToast()).toMatchObject({ kind: 'error', message: '网络错误，请检查网络连接 #-1' });
    expect(screen.getByTestId('avatar-dialog')).toBeTruthy();
    online = true;
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '确定' })));
    expect(calls().filter((c) => c.url === '/api/v1/child')).toHaveLength(2);
  });

  it('goes back to the info step when the server names one of its fields', async () => {
    stubApi({
      saveChild: () =>
        httpError(400, { code: 10001, msg: '昵称不能超过16个字', data: { field: 'nickname' } }),
    });
    const onDone = vi.fn();
    render(<ChildSetupFlow onDone={onDone} />);
    chooseBirthday();
    fireEvent.click(consentBox());
    fireEvent.click(nextButton());
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '确定' })));
    await waitFor(() =>
      expect(lastToast()).toMatchObject({ kind: 'error', message: '昵称不能超过16个字' }),
    );
    expect(screen.getByTestId('child-info-dialog')).toBeTruthy();
    expect(onDone).not.toHaveBeenCalled();
  });

  it('lets the user go back to the info step with the answers kept', () => {
    render(<ChildSetupFlow onDone={vi.fn()} />);
    fillGirlBorn2016();
    fireEvent.click(consentBox());
    fireEvent.click(nextButton());
    fireEvent.click(screen.getByRole('button', { name: '上一步' }));
    expect((screen.getByLabelText(/生日/) as HTMLInputElement).value).toBe('2016-05-01');
    expect((screen.getByRole('radio', { name: /女孩/ }) as HTMLInputElement).checked).toBe(true);
    expect(consentBox().checked).toBe(true);
  });
});
