#!/bin/sh
echo "installing $PT_version"
