#!/bin/sh
uptime
