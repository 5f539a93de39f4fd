import type { onDemand as reference } from '../en/onDemand';
import type { LocaleShape } from '../../LocaleShape';

/** 简体中文：首次使用时启动、闲置时停止的服务器，以及每个服务器的开销。 */
export const onDemand: LocaleShape<typeof reference> = {
  status: {
    remembered: '用到时启动',
    idleStopped: '闲置已停止',
  },
  toolCallStarting: '正在启动 {{server}}…',
  rememberedTool: '上次运行时记住',
  rememberedToolHint: '来自此服务器上次运行时记住的列表。它现在没有运行，调用该工具时才会启动。',
  rememberedNotice: '未运行。其工具、提示和模板按 {{when}} 时的样子显示；有地方需要它时才会启动。',
  idleNotice: '闲置一段时间后已停止（{{when}}）。有地方需要它时会再次启动。',
  overview: '全部服务器',
  screen: {
    title: '服务器',
    intro:
      '服务器在对话、选择器或 App 首次需要时启动，闲置一段时间后再次停止。内存和 CPU 是每个服务器整个进程树的用量，仅在此页面打开时测量。',
    name: '服务器',
    state: '状态',
    tools: '工具',
    memory: '内存',
    cpu: 'CPU',
    processes_one: '{{count}} 个进程',
    processes_other: '{{count}} 个进程',
    measuring: '正在测量…',
    remote: '远程',
    growing: '内存持续增长',
    growingHint: '它的内存在过去几分钟里持续上升，已远高于起始值。如果继续增长，请重启它。',
    host: 'Switchboard 本身占用 {{memory}}。',
    totals_one: '{{count}} 个服务器中有 {{running}} 个在运行，共占用 {{memory}}。',
    totals_other: '{{count}} 个服务器中有 {{running}} 个在运行，共占用 {{memory}}。',
    unavailable: '此系统上无法测量内存和 CPU。',
    start: '启动',
    stop: '停止',
    retry: '重试',
    open: '打开 {{name}}',
    empty: '还没有服务器。',
  },
  settings: {
    section: '服务器',
    idleMinutes: '服务器闲置多久后停止（分钟）',
    idleMinutesHelp:
      '工具列表已记住的服务器会在首次需要时启动，闲置这么久后停止；0 表示一直运行。持有订阅、正在运行任务或打开着 App 的服务器不会被停止。条目自己的 "idleMinutes" 优先；带有 "start": "launch" 的条目除非自行设置，否则一直运行。',
    invalid: '0 到 1440 之间的整数分钟数。',
  },
};
